package org.sextant.packaging.installer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Builds the installers with the JDK's own tools (jlink, jpackage), on the platform it runs on:
 * <ol>
 *   <li>an app image {@code sextant} holding both launchers ({@code bin/sextant}, {@code bin/sextant-mcp})
 *       over one trimmed runtime;</li>
 *   <li>the platform packages asked for in {@code types} (deb, rpm, msi, dmg) made from that image;</li>
 *   <li>a stand-alone launcher image {@code sextant-mcp} with its own smaller runtime.</li>
 * </ol>
 * Run by the packaging module at {@code package} (profile {@code installers}); arguments are
 * {@code key=value}: app, mcp (the modules' target folders), out, version, types, resources (src/jpackage).
 */
public final class Installers {
    /**
     * Modules the app needs, measured with
     * {@code jdeps --ignore-missing-deps --print-module-deps <all classes of app/target/lib, unpacked>}
     * (java.base, java.net.http, java.scripting, java.sql, jdk.httpserver, jdk.jfr, jdk.management,
     * jdk.unsupported, jdk.unsupported.desktop); plus jdk.crypto.ec, which no class names but
     * HTTPS to data providers needs for its key exchange; plus the launcher's (below), since both
     * launchers of the app image share its runtime. java.desktop, java.xml and java.logging come
     * in as dependencies.
     */
    static final List<String> APP_MODULES = List.of("java.base", "java.net.http", "java.scripting", "java.sql",
            "jdk.httpserver", "jdk.jfr", "jdk.management", "jdk.unsupported", "jdk.unsupported.desktop", "jdk.crypto.ec",
            "java.naming", "java.security.jgss");
    /**
     * The launcher alone, same jdeps over mcp-launcher/target/lib (MCP SDK, Jackson, Jetty for --http):
     * java.base, java.desktop, java.management, java.naming, java.net.http, java.security.jgss, java.sql;
     * plus jdk.unsupported (Reactor and Jetty use it reflectively when present).
     */
    static final List<String> MCP_MODULES = List.of("java.base", "java.desktop", "java.management", "java.naming",
            "java.net.http", "java.security.jgss", "java.sql", "jdk.unsupported");
    /**
     * As bin/sextant-mcp: the launcher is latency-bound, so C1 only, compiling after 1/20 of the usual
     * calls (a session's early tool calls run compiled); G1 with a cycle after 15 s without one (as the app), so an idle
     * launcher gives a burst's heap back (the serial GC did so only after a full collection, which an idle launcher never
     * ran: docs/benchmarks.md, "sextant-mcp over HTTP: quick calls while sessions read tables"); a 1 GiB heap, shrunk to
     * 30% free after a cycle (docs/mcp.md, "Connections (--http)").
     */
    static final String MCP_JVM_OPTIONS = "-XX:TieredStopAtLevel=1 -XX:CompileThresholdScaling=0.05 -XX:+UseG1GC -XX:G1PeriodicGCInterval=15000"
            + " -Xmx1g -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=30"
            // JVM messages never on stdout, which carries JSON-RPC (as bin/sextant-mcp)
            + " -Xlog:disable -Xlog:all=warning:stderr";
    /**
     * The installed launcher maps its start-up classes from an AppCDS archive beside its jars,
     * dumped by the .deb's postinst from the class list of a training run at build time
     * ({@link ClassListTraining#recordLauncher}); absent (a bare image), the JVM starts without it.
     */
    static final String MCP_CDS_ARCHIVE = "sextant-mcp.jsa";
    static final String MCP_CLASS_LIST = "sextant-mcp.classlist";

    /**
     * The app maps its classes from an AppCDS archive beside its jars when one is there: the .deb's
     * postinst dumps it at install time from the class list recorded at build time ({@link ClassListTraining#recordApp});
     * without it (a bare app image) the JVM silently starts without. cds logging off: no CDS notice
     * may reach the output of a CLI command.
     */
    static final String CDS_ARCHIVE = "sextant.jsa";
    /**
     * As bin/sextant: an idle app gives unused heap back (a G1 cycle after 15 s without one, heap
     * shrunk to 30% free): idle resident memory 300 -> 270 MB on the sample, a burst of requests'
     * heap back within 30 s (docs/benchmarks.md, "Idle memory", "Local API: memory after a burst").
     */
    static final String APP_GC_OPTIONS = "-XX:G1PeriodicGCInterval=15000 -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=30";
    /**
     * As bin/sextant: C2 compiles a method after 4x the usual calls, so the start-up's CSS and
     * layout code stays with C1 instead of keeping both cores compiling before the first chart;
     * hot loops (back-edge counted) are compiled as before (docs/benchmarks.md, first chart).
     */
    static final String APP_JIT_OPTIONS = "-XX:Tier4InvocationThreshold=20000 -XX:Tier4MinInvocationThreshold=8000"
            + " -XX:Tier4CompileThreshold=30000";
    static final String APP_JVM_OPTIONS = "-XX:SharedArchiveFile=$APPDIR/" + CDS_ARCHIVE + " -Xlog:cds*=off " + APP_GC_OPTIONS
            + " " + APP_JIT_OPTIONS
            // the Agents view's client configs name the installed launcher, not a bare command off the PATH
            + " -Dsextant.launcher=" + Platform.launcherPath(Installers.MCP_NAME);
    static final String CLASS_LIST = "sextant.classlist";

    static final String APP_MAIN = "org.sextant.app.Main";
    static final String MCP_MAIN = "org.sextant.mcp.SextantMcp";
    static final String NAME = "sextant";
    static final String MCP_NAME = "sextant-mcp";
    /** What the window needs beyond the C library: GTK 3 and XTest for JavaFX, GL for its renderer, libstdc++ for DuckDB. */
    static final String DEB_DEPENDS = "libgtk-3-0, libxtst6, libgl1, libfontconfig1, libfreetype6, libstdc++6";
    static final String RPM_REQUIRES = "gtk3, libXtst, mesa-libGL, fontconfig, freetype, libstdc++";

    private final Path appTarget;
    private final Path mcpTarget;
    private final Path out;
    private final String version;
    private final List<String> types;
    private final Path resources;
    private final Map<String, Double> timings = new LinkedHashMap<>();

    Installers(Path appTarget, Path mcpTarget, Path out, String version, List<String> types, Path resources) {
        this.resources = resources;
        this.appTarget = appTarget;
        this.mcpTarget = mcpTarget;
        this.out = out;
        this.version = numericVersion(version);
        this.types = types;
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> a = new LinkedHashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq < 1) throw new IllegalArgumentException("argument '" + arg + "': expected key=value (app, mcp, out, version, types)");
            a.put(arg.substring(0, eq), arg.substring(eq + 1));
        }
        List<String> types = new ArrayList<>();
        for (String t : a.getOrDefault("types", "").split(",")) if (!t.isBlank()) types.add(t.trim().toLowerCase(Locale.ROOT));
        Installers i = new Installers(Path.of(required(a, "app")), Path.of(required(a, "mcp")), Path.of(required(a, "out")),
                a.getOrDefault("version", "0.1.0"), types, a.containsKey("resources") ? Path.of(a.get("resources")) : null);
        i.build();
    }

    private static String required(Map<String, String> a, String key) {
        String v = a.get(key);
        if (v == null || v.isBlank()) throw new IllegalArgumentException("missing argument " + key + "=...");
        return v;
    }

    /** jpackage wants 1 to 3 dot-separated numbers: 0.1.0-SNAPSHOT becomes 0.1.0. */
    static String numericVersion(String v) {
        String n = v.replaceAll("[^0-9.].*$", "").replaceAll("\\.+$", "");
        if (!n.matches("\\d+(\\.\\d+){0,2}")) throw new IllegalArgumentException("version '" + v + "' has no numeric prefix jpackage accepts");
        return n;
    }

    void build() throws IOException {
        deleteTree(out);
        Files.createDirectories(out);
        Path icon = out.resolve("sextant.png");
        IconPainter.paint(icon, 256);
        Path appInput = out.resolve("input/app");
        Path mcpInput = out.resolve("input/mcp");
        Set<String> appJars = new LinkedHashSet<>();
        Set<String> mcpJars = stage(appInput, mcpInput, appJars);

        Path runtime = out.resolve("runtime/app");
        time("jlink app runtime", () -> jlink(APP_MODULES, runtime));
        Path launcherProps = out.resolve("sextant-mcp.properties");
        Files.writeString(launcherProps, launcherProperties());
        Path images = out.resolve("image");
        time("jpackage app image", () -> jpackage(List.of("--type", "app-image", "--name", NAME, "--dest", images.toString(),
                "--input", appInput.toString(), "--main-jar", "sextant-app.jar", "--main-class", APP_MAIN,
                "--runtime-image", runtime.toString(), "--app-version", version, "--icon", iconFor(icon),
                "--vendor", "Sextant", "--description", "Research workstation for market time series",
                "--java-options", APP_JVM_OPTIONS, "--add-launcher", MCP_NAME + "=" + launcherProps)));
        Path appImage = Platform.appImageRoot(images, NAME);
        restrictClasspath(Platform.appDir(appImage).resolve(NAME + ".cfg"), appJars);
        restrictClasspath(Platform.appDir(appImage).resolve(MCP_NAME + ".cfg"), mcpJars);
        noMenuEntryForLauncher(appImage);
        if (Platform.isLinux()) {
            ScriptLauncher.replace(appImage, NAME);
            ScriptLauncher.replace(appImage, MCP_NAME);
        }
        time("record CDS class list", () -> ClassListTraining.recordApp(appImage, out));
        time("record launcher CDS class list", () -> ClassListTraining.recordLauncher(appImage, out));

        for (String type : types) time("jpackage " + type, () -> jpackage(packageArgs(type, appImage, icon)));

        Path mcpRuntime = out.resolve("runtime/mcp");
        time("jlink launcher runtime", () -> jlink(MCP_MODULES, mcpRuntime));
        time("jpackage launcher image", () -> jpackage(List.of("--type", "app-image", "--name", MCP_NAME,
                "--dest", out.resolve("launcher").toString(), "--input", mcpInput.toString(),
                "--main-jar", "sextant-mcp.jar", "--main-class", MCP_MAIN, "--runtime-image", mcpRuntime.toString(),
                "--app-version", version, "--java-options", MCP_JVM_OPTIONS + " -Dsextant.launcher=" + Platform.launcherPath(MCP_NAME)),
                Platform.isWindows() ? List.of("--win-console") : List.of()));
        if (Platform.isLinux()) ScriptLauncher.replace(Platform.appImageRoot(out.resolve("launcher"), MCP_NAME), MCP_NAME);

        report(images, appImage);
    }

    /** Copies the jars each image runs from; collects the app's jar names, returns the launcher's. */
    private Set<String> stage(Path appInput, Path mcpInput, Set<String> appJars) throws IOException {
        Files.createDirectories(appInput);
        Files.createDirectories(mcpInput);
        Path appLib = appTarget.resolve("lib");
        Path mcpLib = mcpTarget.resolve("lib");
        Files.copy(appTarget.resolve("sextant-app.jar"), appInput.resolve("sextant-app.jar"));
        appJars.add("sextant-app.jar");
        Files.copy(mcpTarget.resolve("sextant-mcp.jar"), mcpInput.resolve("sextant-mcp.jar"));
        for (Path jar : jars(appLib)) {
            String name = jar.getFileName().toString();
            if (isPlatformlessJavaFx(name)) continue;
            appJars.add(name);
            if (name.startsWith("duckdb_jdbc-")) {
                long t0 = System.nanoTime();
                List<String> dropped = DuckDbNatives.keepOnly(jar, appInput.resolve(name), DuckDbNatives.platformSuffix());
                timings.put("repack DuckDB jar", (System.nanoTime() - t0) / 1e9);
                System.out.printf("installers: %s keeps %s%s, drops %s%n", name, DuckDbNatives.PREFIX, DuckDbNatives.platformSuffix(), dropped);
            } else {
                Files.copy(jar, appInput.resolve(name));
            }
        }
        Set<String> mcpJars = new LinkedHashSet<>(List.of("sextant-mcp.jar"));
        for (Path jar : jars(mcpLib)) {
            String name = jar.getFileName().toString();
            mcpJars.add(name);
            Files.copy(jar, mcpInput.resolve(name));
            Path shared = appInput.resolve(name);
            if (!Files.exists(shared)) Files.copy(jar, shared);
            else if (Files.mismatch(jar, shared) != -1) throw new IOException(name + " differs between app and launcher: align their versions");
        }
        Files.copy(mcpTarget.resolve("sextant-mcp.jar"), appInput.resolve("sextant-mcp.jar"));
        return mcpJars;
    }

    /** javafx-graphics-21.0.11.jar and friends hold no classes; the -linux/-win/-mac classifier jars do. */
    static boolean isPlatformlessJavaFx(String jarName) {
        return jarName.matches("javafx-[a-z]+-[0-9.]+\\.jar");
    }

    private static List<Path> jars(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) throw new IOException(dir + " is missing: package the app and mcp-launcher modules first");
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
        }
    }

    private String launcherProperties() {
        StringBuilder p = new StringBuilder();
        p.append("main-jar=sextant-mcp.jar\n");
        p.append("main-class=").append(MCP_MAIN).append('\n');
        // the launcher prints this path in `sextant-mcp config ...`: the installed binary, not a bare name
        p.append("java-options=").append(MCP_JVM_OPTIONS)
                .append(" -XX:SharedArchiveFile=$APPDIR/").append(MCP_CDS_ARCHIVE)
                .append(" -Dsextant.launcher=").append(Platform.launcherPath(MCP_NAME).replace("\\", "\\\\")).append('\n');
        p.append("description=MCP server for Cursor, VS Code and Claude Desktop\n");
        p.append("linux-shortcut=false\n");
        p.append("win-shortcut=false\nwin-menu=false\n");
        if (Platform.isWindows()) p.append("win-console=true\n");
        return p.toString();
    }

    private List<String> packageArgs(String type, Path appImage, Path icon) {
        List<String> args = new ArrayList<>(List.of("--type", type, "--app-image", appImage.toString(), "--name", NAME,
                "--app-version", version, "--dest", out.resolve("package").toString(), "--vendor", "Sextant",
                "--description", "Research workstation for market time series: forecasts, backtests, analogues; MCP server for AI agents"));
        switch (type) {
            case "deb" -> {
                // our postinst/prerm (src/jpackage/linux): the menu entry must not fail an install without an XDG menu
                if (resources != null) args.addAll(List.of("--resource-dir", resources.resolve("linux").toString()));
                args.addAll(List.of("--linux-package-deps", DEB_DEPENDS, "--linux-shortcut", "--icon", icon.toString(),
                    "--linux-menu-group", "Office;Finance;", "--linux-app-category", "misc",
                    "--linux-deb-maintainer", "sextant@localhost"));
            }
            case "rpm" -> args.addAll(List.of("--linux-package-deps", RPM_REQUIRES, "--linux-shortcut", "--icon", icon.toString(),
                    "--linux-menu-group", "Office;Finance;", "--linux-rpm-license-type", "Proprietary"));
            case "msi" -> args.addAll(List.of("--win-menu", "--win-shortcut", "--win-dir-chooser"));
            case "dmg", "pkg" -> { }
            default -> throw new IllegalArgumentException("installer type '" + type + "': use deb, rpm, msi, dmg or pkg");
        }
        return args;
    }

    /** Windows and macOS want .ico/.icns: on those the default icon is used (the PNG is Linux's). */
    private static String iconFor(Path png) {
        return Platform.isLinux() ? png.toString() : null;
    }

    /**
     * jpackage gives every launcher the whole input folder; each gets only its own jars (the app
     * and the launcher may use different versions of a shared library, e.g. Jackson).
     */
    static void restrictClasspath(Path cfg, Set<String> keep) throws IOException {
        List<String> lines = new ArrayList<>();
        int kept = 0;
        for (String line : Files.readAllLines(cfg)) {
            if (line.startsWith("app.classpath=")) {
                String jar = line.substring(Math.max(line.lastIndexOf('/'), line.lastIndexOf('\\')) + 1);
                if (!keep.contains(jar)) continue;
                kept++;
            }
            lines.add(line);
        }
        if (kept != keep.size()) throw new IOException(cfg + " lists " + kept + " of the launcher's " + keep.size() + " jars");
        Files.write(cfg, lines);
    }

    /**
     * sextant-mcp is a stdio server that clients start, not something to click: packages made from
     * the image must not give it a menu entry. JDK 17's jpackage ignores linux-shortcut=false on an
     * added launcher and makes one for every launcher its image state lists, so the image state
     * forgets the second launcher (its binary and .cfg stay in bin/ and lib/app/).
     */
    static void noMenuEntryForLauncher(Path appImage) throws IOException {
        Path state = Platform.appDir(appImage).resolve(".jpackage.xml");
        if (!Files.exists(state)) return;
        String xml = Files.readString(state);
        String stripped = xml.replace("<add-launcher>" + MCP_NAME + "</add-launcher>", "");
        if (stripped.equals(xml)) throw new IOException(state + " does not list " + MCP_NAME + ": jpackage changed its image state format");
        Files.writeString(state, stripped);
        Files.deleteIfExists(appImage.resolve("lib/" + MCP_NAME + ".png"));
    }

    private void jlink(List<String> modules, Path output) {
        Path jmods = Path.of(System.getProperty("java.home"), "jmods");
        if (!Files.isDirectory(jmods)) throw new IllegalStateException("no " + jmods + ": jlink needs a full JDK (with jmods) to run the build");
        run("jlink", List.of("--add-modules", String.join(",", modules), "--strip-debug", "--no-header-files",
                "--no-man-pages", "--compress=2", "--output", output.toString()));
    }

    private void jpackage(List<String> args) {
        jpackage(args, List.of());
    }

    private void jpackage(List<String> args, List<String> extra) {
        List<String> all = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i) == null) { all.remove(all.size() - 1); continue; } // an option whose value this platform lacks
            all.add(args.get(i));
        }
        all.addAll(extra);
        run("jpackage", all);
    }

    /**
     * Runs a JDK tool as a child process. dpkg-deb compresses with xz by default, which took
     * minutes for this image on a 2-core machine; gzip takes seconds, for a slightly larger .deb
     * that every dpkg can read. A caller's own DPKG_DEB_COMPRESSOR_TYPE wins.
     */
    private static void run(String tool, List<String> args) {
        Path exe = Path.of(System.getProperty("java.home"), "bin", Platform.isWindows() ? tool + ".exe" : tool);
        if (!Files.isExecutable(exe)) throw new IllegalStateException(tool + " is not in this JDK (" + exe + "): build with a full JDK 17+");
        List<String> cmd = new ArrayList<>(List.of(exe.toString()));
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd).inheritIO();
        pb.environment().putIfAbsent("DPKG_DEB_COMPRESSOR_TYPE", "gzip");
        pb.environment().putIfAbsent("DPKG_DEB_COMPRESSOR_LEVEL", "6");
        try {
            int rc = pb.start().waitFor();
            if (rc != 0) throw new IllegalStateException(tool + " " + String.join(" ", args) + " failed with exit code " + rc);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(tool + " interrupted", e);
        }
    }

    private interface Step { void run() throws IOException; }

    private void time(String what, Step step) throws IOException {
        long t0 = System.nanoTime();
        step.run();
        double s = (System.nanoTime() - t0) / 1e9;
        timings.put(what, s);
        System.out.printf("installers: %-26s %6.1f s%n", what, s);
    }

    private void report(Path images, Path appImage) throws IOException {
        StringBuilder r = new StringBuilder("| artefact | size (MB) |\n|---|---:|\n");
        r.append(row("app image " + images.relativize(appImage), size(appImage)));
        r.append(row("  of which runtime", size(Platform.runtimeDir(appImage))));
        r.append(row("  of which jars", size(Platform.appDir(appImage))));
        Path pkgs = out.resolve("package");
        if (Files.isDirectory(pkgs)) for (Path p : Files.list(pkgs).sorted().toList()) r.append(row("package " + p.getFileName(), size(p)));
        r.append(row("launcher image sextant-mcp", size(Platform.appImageRoot(out.resolve("launcher"), MCP_NAME))));
        r.append("\n| step | seconds |\n|---|---:|\n");
        timings.forEach((k, v) -> r.append(String.format(Locale.ROOT, "| %s | %.1f |%n", k, v)));
        Files.writeString(out.resolve("report.md"), r);
        System.out.print(r);
    }

    private static String row(String what, long bytes) {
        return String.format(Locale.ROOT, "| %s | %.1f |%n", what, bytes / 1e6);
    }

    static long size(Path p) throws IOException {
        if (Files.isRegularFile(p)) return Files.size(p);
        try (Stream<Path> s = Files.walk(p)) {
            return s.filter(Files::isRegularFile).mapToLong(f -> {
                try { return Files.size(f); } catch (IOException e) { throw new UncheckedIOException(e); }
            }).sum();
        }
    }

    static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) return;
        try (Stream<Path> s = Files.walk(p)) {
            for (Path f : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(f);
        }
    }
}
