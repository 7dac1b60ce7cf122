package org.sextant.mcp.gates;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sextant.mcp.envelope.ToolFailure;

class RunsGateTest {

    static RunsGate with(String value) {
        return new RunsGate(name -> RunsGate.ENV.equals(name) ? value : null);
    }

    @Test
    void opensOnlyOnExactlyOne() throws ToolFailure {
        RunsGate gate = with("1");
        assertTrue(gate.isOpen());
        gate.enforce("import_prices");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "", " 1", "1 ", "true", "yes", "01", "on", "TRUE", "１"})
    void anyOtherValueRefuses(String value) {
        RunsGate gate = with(value);
        assertFalse(gate.isOpen());
        ToolFailure f = assertThrows(ToolFailure.class, () -> gate.enforce("import_prices"));
        assertEquals("runs_disabled", f.failReason());
        assertTrue(f.getMessage().contains("import_prices"), f.getMessage());
        assertTrue(f.clientHint().contains("SEXTANT_ALLOW_RUNS"), f.clientHint());
    }

    @Test
    void unsetRefuses() {
        assertFalse(new RunsGate(Map.<String, String>of()::get).isOpen());
    }

    @Test
    void anUnreadableEnvironmentRefusesInsteadOfOpening() {
        RunsGate gate = new RunsGate(name -> {
            throw new SecurityException("getenv denied");
        });
        assertFalse(gate.isOpen());
        assertEquals("runs_disabled", assertThrows(ToolFailure.class, () -> gate.enforce("x")).failReason());
    }
}
