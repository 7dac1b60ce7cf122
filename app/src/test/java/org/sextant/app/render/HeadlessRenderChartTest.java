package org.sextant.app.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.app.Main;
import org.sextant.charts.PriceChart;
import org.sextant.engine.Json;
import tools.jackson.databind.JsonNode;

/**
 * The real headless app in a fresh JVM, started as `sextant --headless` is: no display, and none
 * of the tests' Monocle properties on its command line, so the app itself must start JavaFX
 * headless the first time render_chart asks. The sample universe's NYSE composite is drawn.
 */
class HeadlessRenderChartTest {
    @TempDir Path home;
    private Process app;

    @AfterEach
    void stop() throws Exception {
        if (app != null) {
            app.destroy();
            if (!app.waitFor(Duration.ofSeconds(30).toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) app.destroyForcibly();
        }
    }

    @Test
    void theHeadlessAppDrawsTheWorkstationChartAsAPngOfTheAskedSize() throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "--headless", "--home", home.toString()));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(home.resolve("app.out").toFile());
        pb.environment().remove("DISPLAY");
        pb.environment().remove("WAYLAND_DISPLAY");
        app = pb.start();
        JsonNode discovery = awaitDiscovery();
        HttpClient http = HttpClient.newHttpClient();

        HttpResponse<String> r = post(http, discovery, Map.of("symbol", "NYSE", "width", 900, "height", 500, "days", 300));
        assertEquals(200, r.statusCode(), r.body() + "\n" + Files.readString(home.resolve("app.out")));
        JsonNode data = Json.MAPPER.readTree(r.body()).get("data");
        assertEquals("image/png", data.get("mime_type").asString());
        assertEquals(300, data.get("closes_shown").asInt());
        BufferedImage png = ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(data.get("png_base64").asString())));
        assertEquals(900, png.getWidth());
        assertEquals(500, png.getHeight());
        // Not blank: many colours, the close line's blue and the fan's orange are both drawn.
        Set<Integer> colours = new HashSet<>();
        int line = 0, fan = 0;
        int blue = Integer.parseInt(PriceChart.LINE_COLOR.substring(1), 16);
        for (int y = 0; y < png.getHeight(); y++) {
            for (int x = 0; x < png.getWidth(); x++) {
                int rgb = png.getRGB(x, y) & 0xFFFFFF;
                colours.add(rgb);
                if (near(rgb, blue, 40)) line++;
                if (fanOrange(rgb)) fan++;
            }
        }
        assertTrue(colours.size() > 20, "a drawn chart, not a blank picture: " + colours.size() + " colours");
        assertTrue(line > 300, "the close line is drawn: " + line + " blue pixels");
        assertTrue(fan > 200, "the forecast fan is drawn: " + fan + " orange pixels");
        Files.write(Path.of("target", "render-chart-nyse.png"), Base64.getDecoder().decode(data.get("png_base64").asString()));

        HttpResponse<String> unknown = post(http, discovery, Map.of("symbol", "NOPE"));
        assertEquals(404, unknown.statusCode(), unknown.body());
        HttpResponse<String> tooWide = post(http, discovery, Map.of("symbol", "NYSE", "width", 5000));
        assertEquals(400, tooWide.statusCode(), tooWide.body());
        assertEquals("width", Json.MAPPER.readTree(tooWide.body()).get("field").asString());
    }

    /** The live fan's orange, its bands blended over the background. */
    static boolean fanOrange(int rgb) {
        int red = rgb >> 16 & 0xFF, green = rgb >> 8 & 0xFF, b = rgb & 0xFF;
        return red > 200 && green > 80 && green < 210 && b < 170 && red - b > 60;
    }

    private static boolean near(int rgb, int target, int tolerance) {
        for (int shift = 0; shift <= 16; shift += 8) {
            if (Math.abs((rgb >> shift & 0xFF) - (target >> shift & 0xFF)) > tolerance) return false;
        }
        return true;
    }

    private JsonNode awaitDiscovery() throws Exception {
        Path appJson = home.resolve("run/app.json");
        Instant deadline = Instant.now().plus(Duration.ofMinutes(3));
        while (Instant.now().isBefore(deadline)) {
            if (!app.isAlive()) throw new AssertionError("app exited: " + Files.readString(home.resolve("app.out")));
            if (Files.exists(appJson)) return Json.MAPPER.readTree(Files.readString(appJson));
            Thread.sleep(100);
        }
        throw new AssertionError("no run/app.json: " + Files.readString(home.resolve("app.out")));
    }

    private static HttpResponse<String> post(HttpClient http, JsonNode discovery, Map<String, Object> args) throws Exception {
        HttpRequest req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + discovery.get("port").asInt() + "/api/v1/render_chart"))
                .header("Authorization", "Bearer " + discovery.get("token").asString())
                .POST(HttpRequest.BodyPublishers.ofString(Json.MAPPER.writeValueAsString(args)))
                .timeout(Duration.ofMinutes(2)).build();
        return http.send(req, HttpResponse.BodyHandlers.ofString());
    }
}
