package org.sextant.engine.data;

import java.time.LocalDate;

/**
 * What the store holds, in one line: shown in state.json, health checks and the window's status bar. {@code symbols},
 * {@code priceRows} and the dates describe the daily prices; {@code barsOnlySymbols} counts the symbols with bars of other
 * intervals but no daily prices (the sample's USDCHF), {@code barRows} every bar of another interval, so a store of
 * intraday bars alone is not described as empty.
 */
public record DataSummary(long symbols, long priceRows, LocalDate firstDate, LocalDate lastDate, long barsOnlySymbols, long barRows) {
    /** Neither daily prices nor bars of another interval. */
    public boolean empty() {
        return priceRows == 0 && barRows == 0;
    }
}
