import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Start-up harness for the installed app (docs/benchmarks.md, "Installed app: headless start"). For each command it
 * starts the app headless on a fresh SEXTANT_HOME (which loads the embedded sample), then again on
 * that same home, and reports the time from process start to the first answer of GET /api/v1/health.
 * Baseline in the same run: the source tree's bin/sextant (system JDK, full jars).
 * (The window publishes no "first chart shown" signal yet: state.json keeps symbol_on_screen null
 * until a symbol is picked, so the window's time to first chart is not measured here.)
 *
 *   java packaging/src/jpackage/StartupBenchmark.java [runs]
 *
 * Needs the .deb installed (/opt/sextant).
 */
public class StartupBenchmark {
    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 && args[0].matches("\\d+") ? Integer.parseInt(args[0]) : 3;
        boolean window = false;
        Path repo = Path.of("").toAbsolutePath();
        Map<String, List<String>> commands = new LinkedHashMap<>();
        commands.put("bin/sextant (source tree, baseline)", window ? List.of(repo.resolve("bin/sextant").toString())
                : List.of(repo.resolve("bin/sextant").toString(), "--headless"));
        commands.put("/opt/sextant/bin/sextant (installed)", window ? List.of("/opt/sextant/bin/sextant")
                : List.of("/opt/sextant/bin/sextant", "--headless"));
        System.out.printf("%-40s | %-12s | %s%n", "command (" + (window ? "window: to first chart" : "headless: to first API answer") + ")",
                "home", "seconds per run");
        for (var e : commands.entrySet()) {
            List<Double> fresh = new ArrayList<>();
            List<Double> again = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                Path home = Files.createTempDirectory("sextant-bench");
                fresh.add(startOnce(e.getValue(), home, window));
                again.add(startOnce(e.getValue(), home, window));
                delete(home);
            }
            System.out.printf("%-40s | %-12s | %s%n", e.getKey(), "fresh", fmt(fresh));
            System.out.printf("%-40s | %-12s | %s%n", e.getKey(), "existing", fmt(again));
        }
    }

    private static double startOnce(List<String> cmd, Path home, boolean window) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(home.resolve("bench-console.log").toFile()));
        pb.environment().put("SEXTANT_HOME", home.toString());
        Files.deleteIfExists(home.resolve("run/app.json"));
        Files.deleteIfExists(home.resolve("state.json"));
        long t0 = System.nanoTime();
        Process p = pb.start();
        try {
            HttpClient http = HttpClient.newHttpClient();
            while (true) {
                if (!p.isAlive()) throw new IllegalStateException("exited: " + Files.readString(home.resolve("bench-console.log")));
                if ((System.nanoTime() - t0) / 1e9 > 180) throw new IllegalStateException("not up after 180 s");
                if (window ? symbolOnScreen(home) : healthAnswers(http, home)) return (System.nanoTime() - t0) / 1e9;
                Thread.sleep(20);
            }
        } finally {
            p.destroy();
            p.waitFor();
        }
    }

    private static boolean symbolOnScreen(Path home) {
        try {
            return Pattern.compile("\"symbol_on_screen\"\\s*:\\s*\"").matcher(Files.readString(home.resolve("state.json"))).find();
        } catch (Exception notYet) {
            return false;
        }
    }

    private static boolean healthAnswers(HttpClient http, Path home) {
        try {
            String d = Files.readString(home.resolve("run/app.json"));
            Matcher port = Pattern.compile("\"port\"\\s*:\\s*(\\d+)").matcher(d);
            Matcher token = Pattern.compile("\"token\"\\s*:\\s*\"([^\"]+)\"").matcher(d);
            if (!port.find() || !token.find()) return false;
            HttpRequest r = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port.group(1) + "/api/v1/health"))
                    .header("Authorization", "Bearer " + token.group(1)).build();
            return http.send(r, HttpResponse.BodyHandlers.ofString()).statusCode() == 200;
        } catch (Exception notYet) {
            return false;
        }
    }

    private static String fmt(List<Double> xs) {
        StringBuilder b = new StringBuilder();
        for (double x : xs) b.append(String.format(Locale.ROOT, "%.2f ", x));
        double median = xs.stream().sorted().toList().get(xs.size() / 2);
        return b.append(String.format(Locale.ROOT, "(median %.2f)", median)).toString();
    }

    private static void delete(Path p) throws Exception {
        try (Stream<Path> s = Files.walk(p)) {
            for (Path f : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(f);
        }
    }
}
