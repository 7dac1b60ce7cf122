package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sextant.engine.SextantException;

/** The engine's fixes in the command line's words. */
class CliWordingTest {
    /** An intraday backtest with no origin told the person at the terminal to "set origins", a field of the API, not --origins. */
    @Test
    void aFixThatSetsAFieldNamesItsOption() {
        SextantException engine = SextantException.invalid("history", "no forecast origin fits",
                "set origins to a number of closes, e.g. 20 (an origin every that many of the 40 closes evaluated), or a larger eval_fraction, or use a longer series");
        SextantException cli = new CliWording("get_backtest_error", Map.of("origins", "--origins", "eval_fraction", "--eval-fraction")).apply(engine);
        assertEquals("set --origins to a number of closes, e.g. 20 (an origin every that many of the 40 closes evaluated), or a larger --eval-fraction,"
                + " or use a longer series", cli.fix());
    }
}
