package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.sextant.contract.Capabilities;
import org.sextant.contract.Capability;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.testing.TempSextant;

/**
 * The read lanes: model fits take turns on the cores; the metadata reads and an agent's SQL take
 * none, so they answer while heavy reads hold every turn. The heavy reads here are held open by a
 * latch, not by time.
 */
class ReadLanesTest {
    @TempSextant private Sextant engine;

    @Test
    void sqlAndMetadataReadsAnswerWhileModelFitsHoldEveryTurn() throws Exception {
        ApiRoutes routes = new ApiRoutes(engine, Map::of, Duration.ofSeconds(40), 2, Duration.ofMillis(200));
        CountDownLatch holding = new CountDownLatch(2), release = new CountDownLatch(1);
        routes.add(Capabilities.RENDER_CHART, call -> { // a heavy read that computes until the test lets it go
            holding.countDown();
            try {
                return release.await(2, TimeUnit.MINUTES) ? "drawn" : "never released";
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        ExecutorService heavy = Executors.newFixedThreadPool(2);
        try {
            List<Future<Object>> held = List.of(heavy.submit(() -> call(routes, "render_chart", "{\"symbol\":\"IBM\"}")),
                    heavy.submit(() -> call(routes, "render_chart", "{\"symbol\":\"AA\"}")));
            assertTrue(holding.await(1, TimeUnit.MINUTES), "both heavy reads hold a turn");
            assertEquals(0, routes.computing.free());

            // an agent's SQL takes no turn: two hostile 30 s queries holding both would refuse every other agent's
            Map<?, ?> counted = Json.MAPPER.convertValue(call(routes, "run_select", "{\"sql\":\"SELECT count(*) AS n FROM symbols\"}"), Map.class);
            assertEquals("[[38]]", String.valueOf(counted.get("rows")), "SQL answers while model fits hold every turn");

            for (Capability c : ApiRoutes.METADATA) { // each answers (or refuses its own arguments) with every turn held
                try {
                    call(routes, c.name(), c == Capabilities.JOB_STATUS ? "{\"job_id\":\"gather-00000000\"}" : "{}");
                } catch (SextantException e) {
                    assertTrue(!e.failReason().equals("resource_limit") && !e.failReason().equals("timeout"), c.name() + ": " + e.getMessage());
                }
            }
            assertEquals(39, ((Map<?, ?>) call(routes, "list_symbols", "{}")).get("count"));
            assertTrue(held.stream().noneMatch(Future::isDone), "the metadata reads answered while the heavy reads still held every turn");

            release.countDown();
            for (Future<Object> f : held) assertEquals("drawn", f.get(1, TimeUnit.MINUTES));
        } finally {
            release.countDown();
            heavy.shutdownNow();
        }
        assertEquals(2, routes.computing.free(), "the heavy reads gave their turns back");
    }

    @Test
    void noReadBothTakesATurnAndAnswersWithoutOne() {
        for (Capability c : ApiRoutes.METADATA) assertTrue(c.isRead() && !ApiRoutes.COMPUTING.contains(c), c.name());
        assertTrue(!ApiRoutes.COMPUTING.contains(Capabilities.RUN_SELECT), "run_select keeps its own bounds, no turn");
    }

    private static Object call(ApiRoutes routes, String method, String args) {
        return routes.dispatch(new ApiCall(method, Json.MAPPER.readTree(args)));
    }
}
