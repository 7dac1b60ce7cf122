package org.sextant.packaging;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The real app, started as a user would (`bin/sextant --headless`) on a given SEXTANT_HOME. */
final class HeadlessApp implements AutoCloseable {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final Process process;
    private final JsonNode discovery;

    private HeadlessApp(Process process, JsonNode discovery) {
        this.process = process;
        this.discovery = discovery;
    }

    static HeadlessApp start(Path home) throws IOException, InterruptedException {
        return start(home, Repo.root().resolve("bin/sextant"));
    }

    /** The same with another start command, e.g. the installed /opt/sextant/bin/sextant. */
    static HeadlessApp start(Path home, Path sextant) throws IOException, InterruptedException {
        Path appJson = home.resolve("run/app.json");
        ProcessBuilder pb = new ProcessBuilder(List.of(sextant.toString(), "--headless"))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(home.resolve("app-console.log").toFile()));
        pb.environment().put("SEXTANT_HOME", home.toString());
        Files.createDirectories(home);
        Process p = pb.start();
        Instant deadline = Instant.now().plus(Duration.ofMinutes(3));
        while (Instant.now().isBefore(deadline)) {
            if (!p.isAlive()) throw new IllegalStateException("app exited early: " + Files.readString(home.resolve("app-console.log")));
            if (Files.exists(appJson)) {
                JsonNode d = JSON.readTree(Files.readString(appJson));
                if (d.path("pid").asLong() == p.pid() || p.descendants().anyMatch(h -> h.pid() == d.path("pid").asLong())) {
                    return new HeadlessApp(p, d);
                }
            }
            Thread.sleep(100);
        }
        p.destroyForcibly();
        throw new IllegalStateException("app did not write run/app.json within 3 minutes");
    }

    int port() { return discovery.path("port").asInt(); }

    long pid() { return discovery.path("pid").asLong(); }

    /** Stops the app the way a user closing it does (SIGTERM), and waits for it to exit. */
    @Override
    public void close() throws InterruptedException {
        ProcessHandle.of(pid()).ifPresent(ProcessHandle::destroy);
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) process.destroyForcibly().waitFor();
        ProcessHandle.of(pid()).ifPresent(h -> h.onExit().join());
    }
}
