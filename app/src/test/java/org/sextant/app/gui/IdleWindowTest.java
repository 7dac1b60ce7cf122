package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fair_acc.chartfx.renderer.Renderer;
import io.fair_acc.dataset.DataSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/** The whole window left alone: its charts (prices, volume) must not mark itself for redraw on every pulse (a busy CPU on an idle app). */
@ExtendWith(ApplicationExtension.class)
class IdleWindowTest {
    private static final int PULSES = 30;
    @RegisterExtension final Workbench bench = new Workbench();
    private final Semaphore pulsed = new Semaphore(0);

    @Test
    void anIdleWindowsChartIsNotRedrawnPulseAfterPulse() throws Exception {
        fx(() -> { bench.stage.getScene().addPostLayoutPulseListener(pulsed::release); return null; });
        for (int i = 0; i < 5; i++) pulse();
        List<String> redraws = new ArrayList<>();
        fx(() -> {
            for (var node : bench.stage.getScene().getRoot().lookupAll(".chart")) {
                if (node instanceof io.fair_acc.chartfx.Chart chart) watch(chart, redraws);
            }
            return null;
        });
        for (int i = 0; i < PULSES; i++) pulse();
        assertEquals(List.of(), fx(() -> List.copyOf(redraws.subList(0, Math.min(redraws.size(), 6)))));
    }

    /** Records each time {@code chart} or one of its data sets is marked changed. */
    private static void watch(io.fair_acc.chartfx.Chart chart, List<String> redraws) {
        chart.getBitState().addInvalidateListener((src, bits) -> {
            // chartfx hands its data sets' state over every pulse: an empty hand-over is no change
            if (bits != 0) redraws.add(chart.getId() + " bits " + Integer.toBinaryString(bits));
        });
        for (Renderer r : chart.getRenderers()) {
            for (DataSet d : r.getDatasets()) {
                d.getBitState().addInvalidateListener((src, bits) -> redraws.add(chart.getId() + " data set '" + d.getName() + "' bits " + Integer.toBinaryString(bits)));
            }
        }
    }

    /** Asks for one pulse and waits until the scene has laid out in it (the wait only guards against a hang). */
    private void pulse() throws Exception {
        pulsed.drainPermits();
        Platform.runLater(Platform::requestNextPulse);
        assertTrue(pulsed.tryAcquire(Workbench.GIVE_UP_SECONDS, TimeUnit.SECONDS), "no pulse came");
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static <T> T fx(Callable<T> work) throws Exception {
        return WaitForAsyncUtils.asyncFx(work).get();
    }
}
