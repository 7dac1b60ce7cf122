package org.sextant.app.crash;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.sextant.app.fixtures.ChildClassPath;
import org.sextant.engine.Json;
import tools.jackson.databind.JsonNode;

/**
 * One run of the real headless app as a child JVM on a home. The JVM is made cheap to start
 * (C1 only, serial GC, a small heap, DuckDB's native library unpacked once: {@link ChildClassPath}),
 * since a crash harness starts it once per kill, and the app's code is the same. Each run gets its
 * own temp folder, which a killed JVM cannot clean.
 */
final class AppProcess {
    final Path home;
    private final Process process;
    private final Path tmp;
    private final boolean archiving;
    private boolean killed;
    final long launchedNanos = System.nanoTime();
    private JsonNode discovery;

    private AppProcess(Path home, Process process, Path tmp, boolean archiving) {
        this.home = home;
        this.process = process;
        this.tmp = tmp;
        this.archiving = archiving;
    }

    /** Launches the app on {@code home}; {@code properties} are extra -D options (e.g. a test's checkpoint delay). */
    static AppProcess launch(Path home, Path tmpRoot, String... properties) throws IOException {
        return start(home, tmpRoot, false, properties);
    }

    /** Launches an app that the caller will quit, not kill: it leaves the classes it loaded for the next starts ({@link ChildClassPath}). */
    static AppProcess launchToQuit(Path home, Path tmpRoot) throws IOException {
        return start(home, tmpRoot, true);
    }

    private static AppProcess start(Path home, Path tmpRoot, boolean archiving, String... properties) throws IOException {
        Files.createDirectories(home);
        Path tmp = Files.createTempDirectory(Files.createDirectories(tmpRoot), "app");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx384m", "-XX:-UsePerfData",
                "-Djava.io.tmpdir=" + tmp, "-Djava.awt.headless=true"));
        for (String p : properties) cmd.add("-D" + p);
        // the price-write check of the test JVM (set for every module's tests) checks the child app's writes too
        String checkWrites = System.getProperty("sextant.store.checkPriceWrites");
        if (checkWrites != null) cmd.add("-Dsextant.store.checkPriceWrites=" + checkWrites);
        cmd.addAll(archiving ? ChildClassPath.optionsArchivingClasses() : ChildClassPath.options());
        cmd.addAll(List.of("org.sextant.app.Main", "--headless", "--home", home.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(home.resolve("console.log").toFile()).start();
        return new AppProcess(home, p, tmp, archiving);
    }

    /** Waits (at most 3 minutes) for this run's run/app.json; false when the app exited first (a refused start). */
    boolean awaitPublished() throws InterruptedException {
        long deadline = System.currentTimeMillis() + 180_000;
        Path appJson = home.resolve("run/app.json");
        while (System.currentTimeMillis() < deadline) {
            if (!process.isAlive()) return false;
            try {
                JsonNode d = Json.MAPPER.readTree(Files.readString(appJson));
                if (d.path("pid").asLong() == process.pid()) {
                    discovery = d;
                    return true;
                }
            } catch (IOException | RuntimeException absentOrPartial) {
                // not written yet, or rewritten meanwhile
            }
            Thread.sleep(10);
        }
        process.destroyForcibly();
        throw new IllegalStateException("the app did not publish run/app.json within 3 minutes");
    }

    int port() { return discovery.path("port").asInt(); }

    String token() { return discovery.path("token").asString(); }

    boolean isAlive() { return process.isAlive(); }

    long millisSinceLaunch() { return (System.nanoTime() - launchedNanos) / 1_000_000; }

    /** SIGKILL; true when it hit a live app (false: the app had already exited). */
    boolean kill() throws InterruptedException {
        boolean alive = process.isAlive();
        killed = true;
        process.destroyForcibly();
        awaitExit();
        return alive;
    }

    /** SIGTERM: the user quits. */
    void quit() { process.destroy(); }

    /** Waits until the app has exited, then removes its temp folder. */
    void awaitExit() throws InterruptedException {
        if (!process.waitFor(120, TimeUnit.SECONDS)) throw new IllegalStateException("the app did not exit within 2 minutes");
        deleteTree(tmp);
        if (archiving) ChildClassPath.exited(!killed);
    }

    String console() throws IOException { return Files.readString(home.resolve("console.log")); }

    String firstErrorLine() throws IOException {
        return Files.readString(home.resolve("console.log")).lines().filter(l -> l.startsWith("error")).findFirst().orElse("?");
    }

    static void deleteTree(Path dir) {
        if (!Files.exists(dir)) return;
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot remove " + dir, e);
        }
    }
}
