package org.sextant.engine.api;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.sql.ReadOnlySql;
import tools.jackson.databind.JsonNode;

/**
 * Harness: what issue #14's read bounds cost per call, inside the app, against the same call
 * without them, interleaved call by call in one process so that a loaded machine slows both
 * sides alike. "without" runs the route's own handler (no schema check, no read scope) and, for
 * run_select, the checked SELECT on the caller's thread (no watchdog hand-off, no sampler); "with"
 * is what the local API runs. The HTTP transport and the launcher are the same on both sides and
 * are left out; docs/benchmarks.md relates the difference to the round trip.
 *
 * <p>Run: see docs/benchmarks.md, "Read bounds: cost per call".
 */
public final class BoundsCostBench {
    public static void main(String[] args) throws Exception {
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : 4000;
        Path home = Files.createTempDirectory("sextant-bounds-bench");
        try (Sextant engine = Sextant.open(new SextantHome(home))) {
            ApiRoutes routes = new ApiRoutes(engine, () -> Map.of());
            JsonNode closeArgs = Json.MAPPER.readTree("{\"symbol\":\"AA\",\"start\":\"2000-12-29\",\"end\":\"2000-12-29\"}");
            String sql = "SELECT symbol, close FROM prices WHERE symbol='AA' ORDER BY date DESC LIMIT 5";
            JsonNode selectArgs = Json.MAPPER.createObjectNode().put("sql", sql);

            Function<ApiCall, Object> closeHandler = handler(routes, "get_close_price");
            Supplier<Object> closeWithout = () -> closeHandler.apply(new ApiCall("get_close_price", closeArgs));
            Supplier<Object> closeWith = () -> routes.dispatch(new ApiCall("get_close_price", closeArgs));

            ReadOnlySql readOnly = readOnlySql(engine);
            Method select = ReadOnlySql.class.getDeclaredMethod("select", watchedClass(), String.class, int.class);
            select.setAccessible(true);
            Supplier<Object> selectWithout = () -> {
                try {
                    return select.invoke(readOnly, newWatched(), sql, ReadOnlySql.DEFAULT_LIMIT);
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            };
            Supplier<Object> selectWith = () -> routes.dispatch(new ApiCall("run_select", selectArgs));

            System.out.printf("cores=%d, load average=%.2f, calls per side=%d (after %d warm-up), medians and p90 in microseconds%n",
                    Runtime.getRuntime().availableProcessors(), java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                    calls, calls / 2);
            System.out.println("| call | without bounds p50 | with bounds p50 | added p50 | without p90 | with p90 |");
            System.out.println("|---|---|---|---|---|---|");
            row("get_close_price (AA, one day)", closeWithout, closeWith, calls);
            row("run_select (5 rows of AA)", selectWithout, selectWith, calls / 4);
        }
    }

    private static void row(String name, Supplier<Object> without, Supplier<Object> with, int calls) {
        for (int i = 0; i < calls / 2; i++) { without.get(); with.get(); }
        double[] a = new double[calls];
        double[] b = new double[calls];
        for (int i = 0; i < calls; i++) {
            boolean withFirst = (i & 1) == 1; // alternate the order so neither side always runs on a warm cache
            long t0 = System.nanoTime();
            (withFirst ? with : without).get();
            long t1 = System.nanoTime();
            (withFirst ? without : with).get();
            long t2 = System.nanoTime();
            a[i] = (withFirst ? t2 - t1 : t1 - t0) / 1e3;
            b[i] = (withFirst ? t1 - t0 : t2 - t1) / 1e3;
        }
        Arrays.sort(a);
        Arrays.sort(b);
        double pa = a[calls / 2], pb = b[calls / 2];
        System.out.printf("| %s | %.1f | %.1f | %+.1f | %.1f | %.1f |%n", name, pa, pb, pb - pa, a[calls * 9 / 10], b[calls * 9 / 10]);
    }

    @SuppressWarnings("unchecked")
    private static Function<ApiCall, Object> handler(ApiRoutes routes, String method) throws ReflectiveOperationException {
        Field f = ApiRoutes.class.getDeclaredField("routes");
        f.setAccessible(true);
        Object route = ((Map<String, ?>) f.get(routes)).get(method);
        Method h = route.getClass().getDeclaredMethod("handler");
        h.setAccessible(true);
        return (Function<ApiCall, Object>) h.invoke(route);
    }

    private static ReadOnlySql readOnlySql(Sextant engine) throws ReflectiveOperationException {
        Field f = Sextant.class.getDeclaredField("readOnlySql");
        f.setAccessible(true);
        return (ReadOnlySql) f.get(engine);
    }

    private static Class<?> watchedClass() throws ClassNotFoundException {
        return Class.forName("org.sextant.engine.sql.QueryWatchdog$Watched");
    }

    private static Object newWatched() {
        try {
            Constructor<?> c = watchedClass().getDeclaredConstructor(long.class, long.class);
            c.setAccessible(true);
            return c.newInstance(-1L, Long.MAX_VALUE);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
