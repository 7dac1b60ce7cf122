package org.sextant.engine.ingest;

import java.util.List;
import java.util.Map;

/**
 * What one delete_prices did ({@link PriceDeletion}).
 *
 * @param deleted            per interval deleted (finest first): its rows and the CSV that keeps them
 * @param remainingIntervals the intervals the symbol still has (empty: it is gone from the store)
 * @param derivedRowsDeleted rows of other tables made from the deleted daily prices, by table (only tables that had some)
 * @param description        the name, currency and exchange the deleted {@code symbols} row held (daily prices deleted and one of
 *                           them given), which the kept daily file carries in its name, currency and exchange columns, so that its import
 *                           brings them back; null otherwise
 * @param source             where the deleted daily prices came from ({@code symbols.source}: "sample:...", "file:AA.csv"),
 *                           which a restore replaces with the kept file's name; null when the daily prices stay
 * @param restore            how to put the rows back, with the description
 */
public record DeletedPrices(String symbol, List<Interval> deleted, long rowsDeleted, List<String> remainingIntervals,
                            Map<String, Long> derivedRowsDeleted, org.sextant.engine.data.SymbolDescription description, String source,
                            String restore) {

    /** @param keptIn the CSV (under SEXTANT_HOME/data/deleted) holding the deleted rows as import_prices reads them */
    public record Interval(String interval, long rows, String keptIn) {}
}
