package org.sextant.engine.api;

import java.nio.file.Path;
import java.util.Map;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;
import tools.jackson.databind.JsonNode;

/** The engine on the sample universe in a temporary home, with its API routes, answering as JSON. */
final class SampleRoutes implements AutoCloseable {
    private final Sextant engine;
    private final ApiRoutes routes;

    SampleRoutes(Path home) {
        engine = Sextant.open(new SextantHome(home));
        routes = new ApiRoutes(engine, () -> Map.of());
    }

    JsonNode call(String method, String json) {
        return Json.MAPPER.valueToTree(routes.dispatch(new ApiCall(method, Json.MAPPER.readTree(json))));
    }

    @Override
    public void close() {
        engine.close();
    }
}
