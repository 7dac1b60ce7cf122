package org.sextant.engine.analogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sextant.engine.SextantException;

/** import_signal's definition names the field each rule is about (bins out of order were blamed on the name). */
class SignalDefinitionTest {
    private static String fieldOf(String name, String kind, List<Double> bins, List<String> levels, Double trust) {
        return assertThrows(SextantException.class, () -> SignalDefinition.user(name, kind, bins, levels, trust, null, null)).field();
    }

    @Test
    void eachRuleNamesItsOwnField() {
        assertEquals("bins", fieldOf("vix", null, List.of(5.0, 3.0, 1.0), null, null));
        assertEquals("levels", fieldOf("regime", "categorical", null, List.of("A", "A"), null));
        assertEquals("levels", fieldOf("regime", "categorical", null, List.of(), null));
        assertEquals("default_trust", fieldOf("vix", null, null, null, 1e308), "the help says trust 0..10");
        assertEquals("default_trust", fieldOf("vix", null, null, null, -1.0));
        assertEquals("name", fieldOf("VIX", null, null, null, null));
        assertEquals(10.0, SignalDefinition.user("vix", null, List.of(1.0, 2.0), null, 10.0, null, null).defaultTrust());
    }
}
