package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Adaptive bands nest: a higher level lifted onto a lower one's band says no more than it, and the answer says so. */
class SameBandNoteTest {
    private static final double[] MEDIAN = {100, 101};
    private static final double[] LEVELS = {0.8, 0.95, 0.99};

    private static Forecast bands(double[] lo99, double[] hi99) {
        return new Forecast("naive+adaptive", MEDIAN, List.of(new QuantileBand(0.8, new double[] {95, 94}, new double[] {105, 107}),
                new QuantileBand(0.95, new double[] {90, 88}, new double[] {110, 113}), new QuantileBand(0.99, lo99, hi99)));
    }

    @Test
    void aHigherLevelOnALowerOnesBandIsNoted() {
        Forecast same = bands(new double[] {90, 88}, new double[] {110, 113});
        assertEquals("the adaptive 99.0% band is the 95.0% band at every step: few recent misses lowered its working level to the lower one's",
                CalibrationNotes.sameBandNote(same, LEVELS, "adaptive"));
        assertNull(CalibrationNotes.sameBandNote(bands(new double[] {90, 87}, new double[] {110, 113}), LEVELS, "adaptive"), "wider at one step: a band of its own");
        assertNull(CalibrationNotes.sameBandNote(same, LEVELS, "conformal"), "conformal bands have their own note");
    }
}
