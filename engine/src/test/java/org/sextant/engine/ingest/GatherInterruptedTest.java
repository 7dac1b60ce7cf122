package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.jobs.JobState;
import org.sextant.engine.jobs.JobStatus;
import org.sextant.engine.jobs.Jobs;
import org.sextant.engine.testing.SampleStoreCopy;

/**
 * A gather fetches every symbol before it writes any: killed halfway, with one symbol's answer in hand, it had written
 * nothing, and the next start says so. Before, an interrupted gather said nothing of what it left.
 */
class GatherInterruptedTest {
    @Test
    void aGatherKilledAfterItsFirstAnswerHadWrittenNothingAndTheRestartSaysSo(@TempDir Path dir) throws Exception {
        byte[] msft;
        try (InputStream in = getClass().getResourceAsStream("/ingest/msft.us.csv")) {
            msft = in.readAllBytes();
        }
        CountDownLatch secondAsked = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", ex -> {
            try (ex) {
                if (ex.getRequestURI().getRawQuery().toLowerCase(Locale.ROOT).contains("msft")) {
                    ex.getResponseHeaders().set("Content-Type", "text/csv");
                    ex.sendResponseHeaders(200, msft.length);
                    ex.getResponseBody().write(msft);
                    return;
                }
                secondAsked.countDown();
                release.await(1, TimeUnit.MINUTES); // the provider is slow: the app is killed meanwhile
                ex.sendResponseHeaders(404, -1);
            } catch (InterruptedException stop) {
                Thread.currentThread().interrupt();
            }
        });
        server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        server.start();
        Path afterTheKill = Files.createDirectories(dir.resolve("jobs-after-kill"));
        try (Sextant engine = Sextant.open(SampleStoreCopy.into(new SextantHome(dir.resolve("home"))))) {
            Files.writeString(engine.home().settingsJson(), "{\"default_provider\": \"slow\", \"providers\": {\"slow\": {\"url_template\": \"http://127.0.0.1:"
                    + server.getAddress().getPort() + "/?s={symbol}\"}}}");
            JobStatus job = engine.startGather(List.of("msft.us", "slow.us"), null);
            try {
                assertTrue(secondAsked.await(1, TimeUnit.MINUTES), "the gather asked for its second symbol");
                // what a kill now leaves: the first answer in staging, the store as it was, the record RUNNING
                assertTrue(stagedAnswers(engine.home().stagingDir()).contains("MSFT.US.csv"), "the first answer was in hand");
                assertEquals(java.util.Map.of(), engine.storedRows("MSFT.US"), "nothing was written as it went");
                Files.copy(engine.home().jobsDir().resolve(job.id() + ".json"), afterTheKill.resolve(job.id() + ".json"));
            } finally {
                release.countDown();
            }
            engine.jobs().await(job.id(), Duration.ofMinutes(2));
        } finally {
            release.countDown();
            server.stop(0);
        }
        try (Jobs restarted = new Jobs(afterTheKill)) {
            JobStatus s = restarted.list().get(0);
            assertEquals(JobState.INTERRUPTED, s.state());
            assertEquals("interrupted: the app stopped while it ran; a gather fetches every symbol before it writes any, all or nothing,"
                    + " so nothing of it was written", s.message());
        }
    }

    /** The names of the answers gathers hold in staging (gather-* folders). */
    private static List<String> stagedAnswers(Path staging) throws Exception {
        try (var folders = Files.list(staging)) {
            List<Path> gathers = folders.filter(p -> p.getFileName().toString().startsWith("gather-")).toList();
            List<String> names = new java.util.ArrayList<>();
            for (Path g : gathers) {
                try (var files = Files.list(g)) {
                    files.forEach(f -> names.add(f.getFileName().toString()));
                }
            }
            return names;
        }
    }
}
