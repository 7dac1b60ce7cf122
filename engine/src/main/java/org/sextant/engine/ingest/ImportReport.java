package org.sextant.engine.ingest;

import java.util.List;

/**
 * What one import (a transaction over one or more files) changed.
 *
 * @param described the symbols whose name, currency or exchange the files' columns of those names gave (stored as the Data view's naming)
 */
public record ImportReport(List<ImportedFile> files, long rowsInserted, long rowsUpdated, List<String> symbols, long described) {
    public ImportReport(List<ImportedFile> files, long rowsInserted, long rowsUpdated, List<String> symbols) {
        this(files, rowsInserted, rowsUpdated, symbols, 0);
    }

    /**
     * One file of an import: its detected layout and what it contributed.
     *
     * @param interval the bar interval detected (1d for daily files)
     * @param times    how a bar file writes its times (null for daily files)
     * @param bars     per symbol of a bar file: interval, session, duplicates, out-of-order rows, gaps (empty for daily files)
     * @param skipped  lines whose every price and volume is missing (Yahoo's "null" days): days without a price, not stored
     * @param notes    what a reader should check of a daily file: each symbol whose dates look weekly or monthly yet import as
     *                 daily prices (its own dates share a week, or the file also holds daily or sparse symbols), one sentence
     *                 each with the fix, and the weekly or monthly symbols imported as daily prices with a symbol of a stray
     *                 date when it alone made the file daily ({@link DateSpacing})
     */
    public record ImportedFile(String file, String layout, long rows, List<String> symbols, String interval, String times, List<BarCheck> bars,
                               long skipped, List<String> notes) {
        public ImportedFile(String file, String layout, long rows, List<String> symbols, long skipped, List<String> notes) {
            this(file, layout, rows, symbols, "1d", null, List.of(), skipped, notes);
        }

        public ImportedFile(String file, String layout, long rows, List<String> symbols, long skipped) {
            this(file, layout, rows, symbols, skipped, List.of());
        }

        public ImportedFile(String file, String layout, long rows, List<String> symbols, String interval, String times, List<BarCheck> bars) {
            this(file, layout, rows, symbols, interval, times, bars, 0, List.of());
        }
    }

    /**
     * What an import found in one symbol's bars. Duplicates with the same values are kept once
     * (different values are refused); out-of-order rows are stored in time order; a gap is a hole
     * longer than one interval inside a trading day of the session; bars outside the session
     * (a weekend) are stored but belong to no resampled bar.
     *
     * @param changed          stored bars this import replaced with other values
     * @param largestChangePct the largest relative change of a replaced close, in percent (null when none changed)
     * @param notes            what a reader should check: changed stored bars, bars matching stored ones at another time-zone offset
     */
    public record BarCheck(String symbol, String interval, String session, long rows, String first, String last,
                           long duplicates, long outOfOrder, long gaps, long largestGapMinutes, String largestGapAfter,
                           long outsideSession, long changed, Double largestChangePct, List<String> notes) {}
}
