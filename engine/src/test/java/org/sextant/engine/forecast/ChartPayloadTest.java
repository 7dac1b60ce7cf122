package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ChartPayloadTest {
    @Test
    void pricesKeepTheDecimalsTheSourceQuotesAndNoMore() {
        assertEquals(2, ChartPayload.priceDecimals(new double[] {84.69, 84.5, 85}, 0));
        assertEquals(0, ChartPayload.priceDecimals(new double[] {101, 1e-3 * 84123}, 2), "only the window counts");
        assertEquals(4, ChartPayload.priceDecimals(new double[] {1.2345, 1.2}, 0));
        assertEquals(6, ChartPayload.priceDecimals(new double[] {Math.PI}, 0), "computed values stop at 6 decimals");
        assertEquals(84.69, ChartPayload.round(84.690000000000012, 2));
        assertEquals(Double.POSITIVE_INFINITY, ChartPayload.round(Double.POSITIVE_INFINITY, 2));
    }

    @Test
    void closesAreColumnsFromTheWindowStart() {
        List<LocalDate> dates = List.of(LocalDate.parse("2001-01-02"), LocalDate.parse("2001-01-03"), LocalDate.parse("2001-01-04"));
        ChartData.Closes c = ChartPayload.closes(dates, new double[] {1.111, 2.2222, 3.33333}, 1, 2, "close");
        assertEquals(List.of("2001-01-03", "2001-01-04"), c.dates());
        assertEquals(List.of(2.22, 3.33), c.close());
    }

    @Test
    void summariesRoundEveryNumberToOneMillionth() {
        Object r = ChartPayload.ratios(Map.of("male", 0.012345678901, "per_step", List.of(0.10000000000000002), "rule", "monthly",
                "steps", new double[] {1.23456789}));
        assertEquals(Map.of("male", 0.012346, "per_step", List.of(0.1), "rule", "monthly", "steps", List.of(1.234568)), r);
    }
}
