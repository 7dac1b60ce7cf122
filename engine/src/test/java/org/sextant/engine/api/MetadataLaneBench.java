package org.sextant.engine.api;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.home.SextantHome;

/**
 * Harness: list_symbols latency while 8 heavy reads run at once (the attacker pass of the read
 * lanes: 8 run_select self-joins, or 8 get_backtest_error theta/weekly), measured through the
 * routes the local API dispatches to (the JDK server runs every request on its own thread, so one
 * thread per call here is what it does). Where a probe's time went is read from Linux's
 * /proc/thread-self/schedstat around the call: on a core, waiting for a core (run queue), or
 * neither (blocked: a lock, a latch, I/O). Each load runs in one process "before" and "after": before
 * the lanes list_symbols scanned every price and bar for the stored intervals on each call, so the
 * "before" probe runs that scan ({@code BarReader} keeping nothing) on its own thread just before
 * the call; the app's route keeps them per data version. The run_select load runs after twice: its
 * 8 queries from 8 clients, and from one client (which runs 2 at once; ClientShares). Each backtest
 * pass has symbols of its own (a backtest already computed answers from memory). With "http" as
 * second argument every call goes through the local API's server (a connection each; one client:
 * the same X-Sextant-Client header), and the probe's time split is not shown (the work runs on the server's thread).
 *
 * <p>Run: see docs/benchmarks.md, "Metadata reads under heavy reads".
 */
public final class MetadataLaneBench {
    private static final String SELF_JOIN = "select count(*) from prices a, prices b where a.close < b.close and a.symbol=b.symbol";

    public static void main(String[] args) throws Exception {
        int heavy = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        boolean http = args.length > 1 && args[1].equals("http");
        Path home = Files.createTempDirectory("sextant-lane-bench");
        try (Sextant engine = Sextant.open(new SextantHome(home));
             LocalApiServer server = LocalApiServer.start(engine, TOKEN, "headless", Map::of)) {
            ApiRoutes routes = server.routes();
            transport = http ? new Http(server.port()) : (m, a, client) -> routes.dispatch(new ApiCall(m, Json.MAPPER.readTree(a), client));
            List<String> symbols = new ArrayList<>();
            for (Object s : (List<?>) ((Map<?, ?>) call(routes, "list_symbols", "{}")).get("symbols")) {
                symbols.add(String.valueOf(((Map<?, ?>) Json.MAPPER.convertValue(s, Map.class)).get("symbol")));
            }
            System.out.printf("cores=%d, load average at start=%.2f, %d heavy reads at once, calls %s; times in ms%n",
                    Runtime.getRuntime().availableProcessors(), java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), heavy,
                    http ? "over HTTP" : "in process");
            System.out.println("| load | lane | probes | list_symbols p50 | max | on a core (sum) | waiting for a core (sum) | blocked (sum) | heavy answered / refused |");
            System.out.println("|---|---|---|---|---|---|---|---|---|");
            Probe idle = probe(() -> false, 10, null);
            System.out.println(row("none (baseline)", "-", idle, "-"));
            // the scan list_symbols ran on each call before the lanes
            Runnable scan = () -> new org.sextant.engine.data.BarReader(engine.store(), 0).storedIntervals();
            int pass = 0;
            for (String load : List.of("run_select self-join", "get_backtest_error theta weekly")) {
                List<String> lanes = load.startsWith("run_select") ? List.of("before (list_symbols scans)", "after, 8 clients", "after, one client")
                        : List.of("before (list_symbols scans)", "after (lanes)");
                for (String lane : lanes) {
                    boolean before = lane.startsWith("before");
                    List<String> heavyArgs = new ArrayList<>();
                    for (int i = 0; i < heavy; i++) {
                        heavyArgs.add(load.startsWith("run_select") ? "{\"sql\":\"" + SELF_JOIN + "\",\"limit\":1}"
                                : "{\"symbol\":\"" + symbols.get((pass * heavy + i) % symbols.size()) + "\",\"model\":\"theta\",\"origins\":\"weekly\"}");
                    }
                    if (!load.startsWith("run_select")) pass++;
                    String method = load.substring(0, load.indexOf(' '));
                    ConcurrentLinkedQueue<String> outcomes = new ConcurrentLinkedQueue<>();
                    CountDownLatch done = new CountDownLatch(heavy);
                    for (int i = 0; i < heavyArgs.size(); i++) {
                        String a = heavyArgs.get(i), client = lane.endsWith("one client") ? "bench-one" : "bench-" + i;
                        Thread t = new Thread(() -> {
                            try {
                                transport.call(method, a, client);
                                outcomes.add("ok");
                            } catch (SextantException e) {
                                outcomes.add(e.failReason());
                            } catch (Exception e) {
                                outcomes.add(e.toString());
                            } finally {
                                done.countDown();
                            }
                        }, "heavy");
                        t.start();
                    }
                    Thread.sleep(200); // the heavy reads have started
                    Probe p = probe(() -> done.getCount() == 0, 200, before ? scan : null);
                    done.await();
                    long ok = outcomes.stream().filter("ok"::equals).count();
                    System.out.println(row(load, lane, p, ok + " / " + (heavy - ok)
                            + (ok == heavy ? "" : " " + outcomes.stream().filter(o -> !o.equals("ok")).distinct().toList())));
                }
            }
        }
    }

    /** Times list_symbols, after {@code scan} when not null, until {@code stop} (at most {@code max} probes, one every 250 ms). */
    private static Probe probe(java.util.function.BooleanSupplier stop, int max, Runnable scan) throws Exception {
        Probe p = new Probe();
        for (int i = 0; i < max && !stop.getAsBoolean(); i++) {
            long[] before = schedstat();
            long t0 = System.nanoTime();
            if (scan != null) scan.run();
            transport.call("list_symbols", "{}", "bench-probe");
            long wall = System.nanoTime() - t0;
            long[] after = schedstat();
            p.add(wall, after[0] - before[0], after[1] - before[1]);
            Thread.sleep(250);
        }
        return p;
    }

    /** This thread's nanoseconds on a core and waiting in the run queue; zeros where Linux does not say. */
    private static long[] schedstat() {
        try {
            String[] f = Files.readString(Path.of("/proc/thread-self/schedstat")).trim().split("\\s+");
            return new long[] {Long.parseLong(f[0]), Long.parseLong(f[1])};
        } catch (Exception notLinux) {
            return new long[] {0, 0};
        }
    }

    private static final class Probe {
        final List<Long> walls = new ArrayList<>();
        long cpu, queued, wallSum;

        void add(long wall, long onCore, long waiting) {
            walls.add(wall);
            wallSum += wall;
            cpu += onCore;
            queued += waiting;
        }
    }

    private static String row(String load, String lane, Probe p, String heavy) {
        List<Long> w = new ArrayList<>(p.walls);
        w.sort(null);
        long blocked = Math.max(0, p.wallSum - p.cpu - p.queued);
        String split = transport instanceof Http ? "- | - | -" : String.format(java.util.Locale.ROOT, "%.0f | %.0f | %.0f", p.cpu / 1e6, p.queued / 1e6, blocked / 1e6);
        return String.format(java.util.Locale.ROOT, "| %s | %s | %d | %.1f | %.1f | %s | %s |", load, lane, w.size(),
                w.get(w.size() / 2) / 1e6, w.get(w.size() - 1) / 1e6, split, heavy);
    }

    private static final String TOKEN = "lane-bench-token";
    private static Transport transport;

    private interface Transport {
        void call(String method, String args, String client) throws Exception;
    }

    /** A call as a separate client makes it: its own connection, the token, the server's refusal mapped to its fail_reason. */
    private record Http(int port) implements Transport {
        @Override
        public void call(String method, String args, String client) throws Exception {
            java.net.http.HttpRequest.Builder request = java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:" + port + "/api/v1/" + method));
            if (client.equals("bench-one")) request.header(LocalApiServer.CLIENT_HEADER, client); // otherwise: its connection
            java.net.http.HttpResponse<String> r = java.net.http.HttpClient.newHttpClient().send(request
                    .header("Authorization", "Bearer " + TOKEN).POST(java.net.http.HttpRequest.BodyPublishers.ofString(args)).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                String reason = Json.MAPPER.readTree(r.body()).path("fail_reason").asString("");
                throw new SextantException(org.sextant.contract.FailReason.fromWire(reason), r.body(), null, null);
            }
        }
    }

    private static Object call(ApiRoutes routes, String method, String args) {
        return routes.dispatch(new ApiCall(method, Json.MAPPER.readTree(args)));
    }
}
