package org.sextant.engine.api;

import java.nio.file.Path;
import java.util.Map;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;
import tools.jackson.databind.JsonNode;
import org.sextant.engine.testing.SampleStoreCopy;

/** The engine on the sample universe in a temporary home, with its API routes (a 10-minute read budget), answering as JSON. */
final class SampleRoutes implements AutoCloseable {
    private final Sextant engine;
    private final ApiRoutes routes;

    SampleRoutes(Path home) {
        engine = Sextant.open(SampleStoreCopy.into(new SextantHome(home)));
        // a budget these tests never reach: they are about answers, and at load 20+ a 30m forecast outlasted the 40 s one
        routes = new ApiRoutes(engine, () -> Map.of(), java.time.Duration.ofMinutes(10), Math.max(2, Runtime.getRuntime().availableProcessors()), ApiRoutes.TURN_WAIT);
    }

    JsonNode call(String method, String json) {
        return Json.MAPPER.valueToTree(routes.dispatch(new ApiCall(method, Json.MAPPER.readTree(json))));
    }

    /** The engine the routes answer from: a test adds its own rows to its store. */
    Sextant engine() {
        return engine;
    }

    @Override
    public void close() {
        engine.close();
    }
}
