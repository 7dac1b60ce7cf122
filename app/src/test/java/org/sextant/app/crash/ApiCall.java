package org.sextant.app.crash;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.sextant.engine.Json;
import tools.jackson.databind.JsonNode;

/** One call to a running app's local API, as an agent makes it; a refusal or a dead app is an IOException. */
final class ApiCall {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private ApiCall() {}

    static JsonNode post(AppProcess app, String method, Map<String, Object> args) throws IOException, InterruptedException {
        HttpRequest req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.port() + "/api/v1/" + method))
                .header("Authorization", "Bearer " + app.token())
                .header("Content-Type", "application/json").timeout(Duration.ofMinutes(2))
                .POST(HttpRequest.BodyPublishers.ofString(Json.MAPPER.writeValueAsString(args))).build();
        JsonNode body = Json.MAPPER.readTree(HTTP.send(req, HttpResponse.BodyHandlers.ofString()).body());
        if (!body.path("ok").asBoolean(false)) throw new IOException(method + " refused: " + body.path("error").asString());
        return body.get("data");
    }
}
