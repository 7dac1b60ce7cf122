package org.sextant.packaging.installer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Build-time training runs of the image's two programs that record the classes their start loads
 * (lib/app/*.classlist); the .deb's postinst dumps the AppCDS archives from these lists.
 */
final class ClassListTraining {
    private ClassListTraining() {}

    /**
     * Runs the image's app once to its first chart (under xvfb-run, on a fresh home) and records the
     * classes it loaded in lib/app/sextant.classlist (~0.3 MB), from which the .deb's postinst dumps
     * the AppCDS archive (~40 MB, outside the package). Linux only; without xvfb-run the image has
     * no list and the app starts without an archive.
     */
    static void recordApp(Path appImage, Path out) throws IOException {
        if (!Platform.isLinux() || !onPath("xvfb-run")) {
            System.out.println("installers: no xvfb-run here: no CDS class list, the installed app starts without an AppCDS archive");
            return;
        }
        Path home = Files.createTempDirectory("sextant-training");
        Path list = Platform.appDir(appImage).resolve(Installers.CLASS_LIST);
        ProcessBuilder pb = new ProcessBuilder("xvfb-run", "-a", appImage.resolve("bin/" + Installers.NAME).toString());
        pb.environment().put("SEXTANT_HOME", home.toString());
        pb.environment().put("JAVA_TOOL_OPTIONS", "-XX:DumpLoadedClassList=" + list + " -Dsextant.exitAfterFirstChart=true");
        try {
            trainingRun(pb, list, "the training run (app to its first chart)", 5, out.resolve("training-run.log"));
        } finally {
            Installers.deleteTree(home);
        }
    }

    /**
     * Runs the image's sextant-mcp once through initialize and tools/list (what a client's start
     * asks) and records the classes it loaded in lib/app/sextant-mcp.classlist, from which the
     * .deb's postinst dumps the launcher's AppCDS archive. Linux only.
     */
    static void recordLauncher(Path appImage, Path out) throws IOException {
        if (!Platform.isLinux()) return;
        Path home = Files.createTempDirectory("sextant-mcp-training");
        Path list = Platform.appDir(appImage).resolve(Installers.MCP_CLASS_LIST);
        Path requests = home.resolve("requests.jsonl");
        Files.writeString(requests, String.join("\n",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"cds-training\",\"version\":\"1\"}}}",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}", ""));
        ProcessBuilder pb = new ProcessBuilder(appImage.resolve("bin/" + Installers.MCP_NAME).toString(), "--home", home.resolve("home").toString())
                .redirectInput(requests.toFile());
        pb.environment().put("JAVA_TOOL_OPTIONS", "-XX:DumpLoadedClassList=" + list);
        try {
            trainingRun(pb, list, "the launcher's training run (initialize, tools/list)", 2, out.resolve("launcher-training-run.log"));
        } finally {
            Installers.deleteTree(home);
        }
    }

    /** Runs {@code pb} (output to {@code log}) and requires it to end well within the time and leave a non-empty {@code list}. */
    private static void trainingRun(ProcessBuilder pb, Path list, String what, int minutes, Path log) throws IOException {
        pb.redirectErrorStream(true).redirectOutput(log.toFile());
        try {
            Process p = pb.start();
            if (!p.waitFor(minutes, java.util.concurrent.TimeUnit.MINUTES)) {
                p.descendants().forEach(ProcessHandle::destroy);
                p.destroy();
                throw new IOException(what + " did not end in " + minutes + " minutes (" + log + ")");
            }
            if (p.exitValue() != 0 || !Files.exists(list) || Files.size(list) == 0) {
                Files.deleteIfExists(list);
                throw new IOException(what + " failed (exit " + p.exitValue() + "), see " + log);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    private static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, tool))) return true;
        }
        return false;
    }
}
