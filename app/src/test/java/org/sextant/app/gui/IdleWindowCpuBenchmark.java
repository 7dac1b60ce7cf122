package org.sextant.app.gui;

import io.fair_acc.chartfx.Chart;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javafx.application.Platform;
import javafx.stage.Stage;

/**
 * The CPU an idle window costs (docs/benchmarks.md, "Idle window: CPU per idle second (app)"): the whole window as the
 * app builds it ({@link Workbench}, sample store) left alone for {@code bench.idle} seconds in each state, printing the
 * process's CPU seconds per idle second, the JavaFX and render threads' share, how often the charts marked themselves
 * for redraw and how many pulses ran. JavaFX pulses only while something animates, so an empty timer stands for what
 * animates in a real window (a focused field's caret). The baseline is the same harness with the chart classes of the
 * commit before the empty data sets were detached first on the class path; {@code -Dbench.build=NAME} names the build
 * in the table. Run with the Monocle flags of docs/benchmarks.md; {@code -Dbench.idle=S} (default 20),
 * {@code -Dbench.rounds=N} (default 1).
 */
public final class IdleWindowCpuBenchmark {
    private static final int IDLE_SECONDS = Integer.getInteger("bench.idle", 20);
    private static final int ROUNDS = Integer.getInteger("bench.rounds", 1);
    /** Seconds the window is left before each measure: what a state change set off (layout, a forecast's fan) has ended. */
    private static final int SETTLE_SECONDS = 3;
    private static final String BUILD = System.getProperty("bench.build", "this tree");
    /** The threads that draw, by the start of their names: the JavaFX thread and Prism's render thread. */
    private static final List<String> DRAWING = List.of("JavaFX Application Thread", "QuantumRenderer");

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private static final AtomicLong MARKS = new AtomicLong(), PULSES = new AtomicLong();

    public static void main(String[] args) throws Exception {
        int status = 1;
        try {
            run();
            status = 0;
        } catch (Throwable e) {
            e.printStackTrace();
        } finally {
            System.exit(status); // the JavaFX thread would keep the JVM alive after a failure
        }
    }

    private static void run() throws Exception {
        CompletableFuture<Void> started = new CompletableFuture<>();
        Platform.startup(() -> started.complete(null));
        started.get();
        var engine = Workbench.openStore();
        // building the whole window took over a minute at load 30: the wait guards against a hang only
        Workbench bench = org.testfx.util.WaitForAsyncUtils.asyncFx(() -> new Workbench(engine, new Stage())).get(10, TimeUnit.MINUTES);
        waitFor(() -> !bench.charts.symbols().isEmpty()); // the window's own start loads them
        fx(() -> {
            bench.stage.getScene().addPostLayoutPulseListener(PULSES::incrementAndGet);
            for (var node : bench.stage.getScene().getRoot().lookupAll(".chart")) {
                if (node instanceof Chart chart) chart.getBitState().addInvalidateListener((src, bits) -> {
                    if (bits != 0) MARKS.incrementAndGet(); // chartfx hands its data sets' state over every pulse: an empty hand-over is no change
                });
            }
            return null;
        });
        // JavaFX pulses only while something animates: a focused field's blinking caret, a progress indicator; an empty
        // timer makes the 60 pulses a second every animation makes, in which an empty data set redrew its chart each time
        javafx.animation.AnimationTimer animating = new javafx.animation.AnimationTimer() {
            @Override
            public void handle(long now) {}
        };
        fx(() -> { animating.start(); return null; });
        System.out.println("| build | window | animation running | idle s | process CPU s per idle s | JavaFX + render threads CPU s per idle s | chart redraw marks per idle s | pulses per idle s |");
        System.out.println("|---|---|---|---:|---:|---:|---:|---:|");
        for (int round = 0; round < ROUNDS; round++) measure("no symbol loaded", "yes", () -> {});
        fx(() -> { animating.stop(); return null; });
        measure("no symbol loaded", "no", () -> {});
        fx(() -> { animating.start(); return null; });
        fx(() -> { bench.window.openChart("IBM", null); return null; });
        waitFor(() -> bench.charts.seriesProperty().get() != null);
        bench.charts.forecastLoad().get(Workbench.GIVE_UP_SECONDS, TimeUnit.SECONDS);
        for (int round = 0; round < ROUNDS; round++) {
            measure("IBM daily, fan hidden", "yes", () -> bench.charts.forecastVisibleProperty().set(false));
            measure("IBM daily, fan shown", "yes", () -> bench.charts.forecastVisibleProperty().set(true));
        }
    }

    /** Puts the window in a state ({@code change}, on the JavaFX thread), lets it settle, then measures it idle. */
    private static void measure(String window, String animation, Runnable change) throws Exception {
        fx(() -> { change.run(); return null; });
        Thread.sleep(SETTLE_SECONDS * 1000L);
        long cpu0 = OS.getProcessCpuTime(), drawing0 = drawingCpu(), marks0 = MARKS.get(), pulses0 = PULSES.get(), t0 = System.nanoTime();
        Thread.sleep(IDLE_SECONDS * 1000L);
        double seconds = (System.nanoTime() - t0) / 1e9;
        double cpu = (OS.getProcessCpuTime() - cpu0) / 1e9, drawing = (drawingCpu() - drawing0) / 1e9;
        System.out.println(String.format(Locale.ROOT, "| %s | %s | %s | %.0f | %.3f | %.3f | %.1f | %.1f |", BUILD, window, animation, seconds,
                cpu / seconds, drawing / seconds, (MARKS.get() - marks0) / seconds, (PULSES.get() - pulses0) / seconds));
    }

    /** CPU nanoseconds the drawing threads have used so far. */
    private static long drawingCpu() {
        long sum = 0;
        for (ThreadInfo t : THREADS.getThreadInfo(THREADS.getAllThreadIds())) {
            if (t != null && DRAWING.stream().anyMatch(t.getThreadName()::startsWith)) sum += Math.max(0, THREADS.getThreadCpuTime(t.getThreadId()));
        }
        return sum;
    }

    private static void waitFor(Callable<Boolean> condition) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(Workbench.GIVE_UP_SECONDS);
        while (!fx(condition)) {
            if (System.nanoTime() > end) throw new IllegalStateException("the window did not get there in " + Workbench.GIVE_UP_SECONDS + " s");
            Thread.sleep(50);
        }
    }

    private static <T> T fx(Callable<T> work) throws Exception {
        return org.testfx.util.WaitForAsyncUtils.asyncFx(work).get(Workbench.GIVE_UP_SECONDS, TimeUnit.SECONDS);
    }
}
