package org.sextant.engine;

import org.sextant.engine.testing.TempSextant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.PreparedStatement;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.sextant.engine.data.PriceBar;
import org.sextant.engine.data.PriceSeries;

/** The facade's price reads: date order whatever the insertion order, and the errors a caller sees. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PriceReadsTest {
    @TempSextant(dowRows = true) private Sextant engine;

    @BeforeAll
    void open() {
        // An earlier year imported after the later one: insertion order is not date order.
        engine.store().inTransaction(c -> {
            try (PreparedStatement p = c.prepareStatement("INSERT INTO prices(symbol, date, close, source) VALUES ('AA', ?, ?, 'test')")) {
                p.setObject(1, LocalDate.parse("2000-12-27"));
                p.setDouble(2, 34.0);
                p.executeUpdate();
            }
            return null;
        });
    }

    @Test
    void barsComeOldestFirstWhateverTheInsertionOrder() {
        List<LocalDate> dates = engine.bars("AA", null, null).stream().map(PriceBar::date).toList();
        assertEquals(List.of(LocalDate.parse("2000-12-27"), LocalDate.parse("2000-12-28"), LocalDate.parse("2000-12-29"),
                LocalDate.parse("2001-01-02")), dates);
        PriceSeries s = engine.getClosePrice("aa", LocalDate.parse("2000-12-27"), LocalDate.parse("2000-12-28"));
        assertEquals("AA", s.symbol());
        assertEquals(List.of(LocalDate.parse("2000-12-27"), LocalDate.parse("2000-12-28")), s.dates());
        assertEquals(34.0, s.close()[0], 0);
        assertEquals(33.69, s.close()[1], 0);
    }

    @Test
    void aKnownSymbolWithNoRowsInTheRangeIsEmptyNotAnError() {
        PriceSeries s = engine.getClosePrice("IBM", LocalDate.parse("1990-01-01"), LocalDate.parse("1990-12-31"));
        assertEquals(0, s.size());
        assertEquals("IBM", s.symbol());
    }

    @Test
    void anUnknownSymbolIsNotFoundWithCloseNamesEvenForABadRange() {
        SextantException e = assertThrows(SextantException.class, () -> engine.getClosePrice("AAX", null, null));
        assertEquals("not_found", e.failReason());
        assertEquals("symbol", e.field());
        assertTrue(e.fix().contains("AA"), e.fix());
        SextantException reversed = assertThrows(SextantException.class,
                () -> engine.bars("AAX", LocalDate.parse("2001-01-02"), LocalDate.parse("2000-12-29")));
        assertEquals("not_found", reversed.failReason());
    }

    @Test
    void aReversedRangeOrABlankSymbolIsInvalidInputNamingTheField() {
        SextantException range = assertThrows(SextantException.class,
                () -> engine.bars("AA", LocalDate.parse("2001-01-02"), LocalDate.parse("2000-12-29")));
        assertEquals("invalid_input", range.failReason());
        assertEquals("start", range.field());
        SextantException blank = assertThrows(SextantException.class, () -> engine.getClosePrice(" ", null, null));
        assertEquals("invalid_input", blank.failReason());
        assertEquals("symbol", blank.field());
    }
}
