package org.sextant.engine.ingest;

import java.util.List;

/**
 * What one import (a transaction over one or more files) changed.
 *
 * @param symbols       the symbols imported, the first {@link #MAX_LISTED_SYMBOLS} of them in an answer ({@link #listed})
 * @param symbolsCount  how many symbols were imported, listed or not
 * @param described     the symbols whose name, currency or exchange the files' columns of those names gave (stored as the Data view's naming)
 */
public record ImportReport(List<ImportedFile> files, long rowsInserted, long rowsUpdated, List<String> symbols, long symbolsCount, long described) {
    /**
     * Symbols an import's answer lists, overall and per file (about 20 bytes of JSON each): one file of 300,000 symbols
     * answered 6.6 MB naming each twice; list_symbols pages through them.
     */
    public static final int MAX_LISTED_SYMBOLS = 1000;

    public ImportReport(List<ImportedFile> files, long rowsInserted, long rowsUpdated, List<String> symbols, long described) {
        this(files, rowsInserted, rowsUpdated, symbols, symbols.size(), described);
    }

    public ImportReport(List<ImportedFile> files, long rowsInserted, long rowsUpdated, List<String> symbols) {
        this(files, rowsInserted, rowsUpdated, symbols, 0);
    }

    /** This report as an answer lists it: the first {@link #MAX_LISTED_SYMBOLS} symbols, overall and per file, each list's count kept. */
    public ImportReport listed() {
        return new ImportReport(files.stream().map(ImportedFile::listed).toList(), rowsInserted, rowsUpdated, first(symbols), symbolsCount, described);
    }

    /** " and N more" when the answer lists only the first of its symbols, else "": how a reader is told the list is cut. */
    public String moreSymbols() {
        return more(symbolsCount, symbols);
    }

    static String more(long count, List<String> listed) {
        return count > listed.size() ? " and " + (count - listed.size()) + " more" : "";
    }

    private static List<String> first(List<String> symbols) {
        return symbols.size() <= MAX_LISTED_SYMBOLS ? symbols : List.copyOf(symbols.subList(0, MAX_LISTED_SYMBOLS));
    }

    /**
     * One file of an import: its detected layout and what it contributed.
     *
     * @param symbolsCount how many symbols the file held, listed in {@code symbols} or not
     * @param interval the bar interval detected (1d for daily files)
     * @param times    how a bar file writes its times (null for daily files)
     * @param bars     per symbol of a bar file: interval, session, duplicates, out-of-order rows, gaps (empty for daily files)
     * @param skipped  lines whose every price and volume is missing (Yahoo's "null" days): days without a price, not stored
     * @param notes    what a reader should check of a daily file: each symbol whose dates look weekly or monthly yet import as
     *                 daily prices (its own dates share a week, or the file also holds daily or sparse symbols), one sentence
     *                 each with the fix, and the weekly or monthly symbols imported as daily prices with a symbol of a stray
     *                 date when it alone made the file daily ({@link DateSpacing})
     */
    public record ImportedFile(String file, String layout, long rows, List<String> symbols, long symbolsCount, String interval, String times,
                               List<BarCheck> bars, long skipped, List<String> notes) {
        public ImportedFile(String file, String layout, long rows, List<String> symbols, String interval, String times, List<BarCheck> bars,
                            long skipped, List<String> notes) {
            this(file, layout, rows, symbols, symbols.size(), interval, times, bars, skipped, notes);
        }

        public ImportedFile(String file, String layout, long rows, List<String> symbols, long skipped, List<String> notes) {
            this(file, layout, rows, symbols, "1d", null, List.of(), skipped, notes);
        }

        public ImportedFile(String file, String layout, long rows, List<String> symbols, long skipped) {
            this(file, layout, rows, symbols, skipped, List.of());
        }

        public ImportedFile(String file, String layout, long rows, List<String> symbols, String interval, String times, List<BarCheck> bars) {
            this(file, layout, rows, symbols, interval, times, bars, 0, List.of());
        }

        /** " and N more" when only the first of the file's symbols are listed, else "". */
        public String moreSymbols() {
            return more(symbolsCount, symbols);
        }

        ImportedFile listed() {
            return new ImportedFile(file, layout, rows, first(symbols), symbolsCount, interval, times, firstChecks(bars), skipped, notes);
        }

        /**
         * At most {@link #MAX_LISTED_SYMBOLS} symbols' bar checks (a bar file of 300,000 symbols listed one each), those with
         * something to check kept before those without, in the file's order; {@code symbols_count} says how many there were.
         */
        private static List<BarCheck> firstChecks(List<BarCheck> bars) {
            if (bars.size() <= MAX_LISTED_SYMBOLS) return bars;
            java.util.Set<BarCheck> kept = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
            bars.stream().filter(BarCheck::toCheck).limit(MAX_LISTED_SYMBOLS).forEach(kept::add);
            bars.stream().filter(b -> !b.toCheck()).limit(MAX_LISTED_SYMBOLS - kept.size()).forEach(kept::add);
            return bars.stream().filter(kept::contains).toList();
        }
    }

    /**
     * What an import found in one symbol's bars. Duplicates with the same values are kept once
     * (different values are refused); out-of-order rows are stored in time order; a gap is a hole
     * longer than one interval inside a trading day of the session; bars outside the session
     * (a weekend, before the open or after the close) are stored but belong to no resampled bar.
     *
     * @param changed          stored bars this import replaced with other values
     * @param largestChangePct the largest relative change of a replaced close, in percent (null when none changed)
     * @param notes            what a reader should check: changed stored bars, bars matching stored ones at another time-zone offset,
     *                         bars outside the session (how many before the open, after the close, on a weekend)
     */
    public record BarCheck(String symbol, String interval, String session, long rows, String first, String last,
                           long duplicates, long outOfOrder, long gaps, long largestGapMinutes, String largestGapAfter,
                           long outsideSession, long changed, Double largestChangePct, List<String> notes) {
        /** Whether a reader has something to check in it: duplicates, rows out of order, gaps, bars outside the session, changes, notes. */
        boolean toCheck() {
            return duplicates > 0 || outOfOrder > 0 || gaps > 0 || outsideSession > 0 || changed > 0 || !notes.isEmpty();
        }
    }
}
