package org.sextant.charts.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Runs a slow baseline in a child JVM with a time limit: chartfx's renderers draw every bar on
 * the JavaFX thread, which cannot be interrupted, and at 1M bars on a loaded machine one drawing
 * can take tens of minutes. The child is the benchmark's own main with {@code --baseline SIZE};
 * it prints one line {@code BASELINE <median ms> <median cpu ms> <runs>}.
 */
final class BaselineProcess {
    /** A measured baseline, or why there is none ("did not finish in 120 s"). */
    record Result(double ms, double cpuMs, int runs, String missing) {
        String msText() { return missing != null ? missing : String.format(Locale.ROOT, "%.1f", ms); }
        String cpuText() { return missing != null ? "-" : String.format(Locale.ROOT, "%.1f", cpuMs); }
    }

    private BaselineProcess() {}

    static Result run(Class<?> main, int size, int timeoutSeconds) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // the same JVM flags (Monocle, software pipeline, heap) as this run
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (arg.startsWith("-D") || arg.startsWith("-X")) command.add(arg);
        }
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(main.getName());
        command.add("--baseline");
        command.add(Integer.toString(size));
        Path out = Files.createTempFile("baseline-", ".txt");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly().waitFor();
            Files.deleteIfExists(out);
            return new Result(Double.NaN, Double.NaN, 0, "did not finish in " + timeoutSeconds + " s");
        }
        for (String line : Files.readAllLines(out)) {
            if (line.startsWith("BASELINE ")) {
                String[] f = line.split(" ");
                Files.deleteIfExists(out);
                return new Result(Double.parseDouble(f[1]), Double.parseDouble(f[2]), Integer.parseInt(f[3]), null);
            }
        }
        return new Result(Double.NaN, Double.NaN, 0, "failed (exit " + p.exitValue() + ", its output in " + out + ")");
    }

    /**
     * The child's part: shows {@code chart} in its window, times {@code update} up to {@code runs}
     * times (once when a run takes over 2 s, without warm-up), prints the answer line and ends the JVM.
     */
    static void measureAndExit(javafx.scene.Node chart, Runnable update, int runs) throws Exception {
        RenderBenchmark.onFx(() -> { update.run(); CandleBenchmark.show(chart, "chartfx CandleStickRenderer"); return null; });
        List<Double> ms = new ArrayList<>();
        List<Double> cpu = new ArrayList<>();
        for (int run = 0; run < runs && (ms.isEmpty() || RenderBenchmark.median(ms) < 2000); run++) {
            ms.add(RenderBenchmark.time(chart, update));
            cpu.add(RenderBenchmark.lastCpuMs);
        }
        System.out.printf(Locale.ROOT, "BASELINE %.3f %.3f %d%n", RenderBenchmark.median(ms), RenderBenchmark.median(cpu), ms.size());
        javafx.application.Platform.exit();
        System.exit(0);
    }
}
