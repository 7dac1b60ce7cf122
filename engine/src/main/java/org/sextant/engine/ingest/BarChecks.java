package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.BarInterval;

/** The whole-batch checks of a bar import: conflicting duplicates, the interval and session of each symbol, and what the report says. */
final class BarChecks {
    /** One symbol of one file: the interval detected, its session (and what the report says of its guess), identical duplicates and out-of-order rows. */
    record SymbolBars(int fileNo, String symbol, BarInterval interval, String session, long duplicates, long outOfOrder, String sessionNote) {
        SymbolBars(int fileNo, String symbol, BarInterval interval, String session, long duplicates, long outOfOrder) {
            this(fileNo, symbol, interval, session, duplicates, outOfOrder, null);
        }
    }

    private BarChecks() {}

    static List<SymbolBars> run(Connection c, List<BarImport.Source> files) throws SQLException {
        refuseConflictingDuplicates(c, files);
        List<SymbolBars> out = new ArrayList<>();
        Map<String, Object[]> grids = new java.util.HashMap<>();
        steps(c);
        Map<String, Screen> screens = screens(c);
        Map<String, String> sessions = storedSessions(c);
        LoneBars.Batch lone = LoneBars.Batch.of(c);
        // new symbols guessed eu_equity by their hours, with the zone their times were read in: their days may tell the venue
        Map<String, java.time.ZoneId> euGuessed = new LinkedHashMap<>();
        List<String> usGuessed = new ArrayList<>(); // new symbols of New York's hours: their half days may tell the NYSE's, or not
        List<Detected> rows = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(
                // a repeat of an earlier time is a duplicate, not also out of order
                "WITH ordered AS (SELECT file_no, symbol, ts, ts < lag(ts) OVER (PARTITION BY file_no, symbol ORDER BY line) "
                        + "AND row_number() OVER (PARTITION BY file_no, symbol, ts ORDER BY line) = 1 AS back FROM bar_rows), "
                        + "typical AS (SELECT file_no, symbol, mode(step) AS step FROM bar_steps WHERE step > 0 GROUP BY ALL) "
                        + "SELECT o.file_no, o.symbol, t.step, count(*) - count(DISTINCT o.ts), count(*) FILTER (WHERE o.back), "
                        + "avg(CASE WHEN dayofweek(l) = 6 THEN 1 ELSE 0 END), avg(CASE WHEN dayofweek(l) BETWEEN 1 AND 5 AND NOT (CAST(l AS TIME) BETWEEN TIME '09:30' AND TIME '16:00') THEN 1 ELSE 0 END), "
                        + "avg(CASE WHEN dayofweek(b) BETWEEN 1 AND 5 AND CAST(b AS TIME) >= TIME '09:00' AND CAST(b AS TIME) < TIME '17:35' THEN 0 ELSE 1 END) "
                        + "FROM (SELECT *, timezone('America/New_York', timezone('UTC', ts)) AS l, timezone('Europe/Berlin', timezone('UTC', ts)) AS b FROM ordered) o "
                        + "LEFT JOIN typical t USING (file_no, symbol) "
                        + "GROUP BY o.file_no, o.symbol, t.step ORDER BY o.file_no, o.symbol")) {
            while (r.next()) {
                BarImport.Source s = files.get(r.getInt(1));
                String symbol = r.getString(2);
                BarInterval interval = null;
                SextantException refused = null;
                try {
                    interval = interval(c, s, symbol, r.getObject(3), lone);
                } catch (SextantException e) {
                    refused = e; // said in its turn, after the symbols before it are checked
                }
                rows.add(new Detected(s, symbol, interval, refused, r.getLong(4), r.getLong(5), r.getDouble(6), r.getDouble(7), r.getDouble(8)));
            }
        }
        // the grid checks of every symbol in one query per interval and check: one per symbol held the writer for minutes
        Map<String, BarInterval> intervals = new LinkedHashMap<>();
        Map<Integer, java.time.ZoneId> zones = new java.util.HashMap<>();
        for (Detected d : rows) {
            if (d.interval() != null) intervals.put(BarGridScreen.key(d.s().no(), d.symbol()), d.interval());
            zones.put(d.s().no(), d.s().bar().time().changingZone());
        }
        BarGridScreen grid = BarGridScreen.of(c, intervals, zones);
        for (Detected d : rows) {
            if (d.refused() != null) throw d.refused();
            BarImport.Source s = d.s();
            String symbol = d.symbol();
            BarInterval interval = d.interval();
            String key = BarGridScreen.key(s.no(), symbol);
            // each refusal's own query runs only for a symbol the screen says it refuses: it names the lines
            Screen screen = screens.getOrDefault(key, new Screen(0, 0, true, true));
            if (screen.smallest() < 60) BarSteps.refuseStepsBelowAMinute(c, s, symbol);
            if (screen.shortRun() < BarSteps.shortest(interval)) BarSteps.refuseFinerRun(c, s, symbol, interval);
            if (grid.coarserRun().contains(key)) BarSteps.refuseCoarserRun(c, s, symbol, interval);
            if (interval == BarInterval.W1 ? screen.twoInWeek() : interval == BarInterval.MO1 && screen.twoInMonth()) {
                BarPeriods.refuseTwoInOnePeriod(c, s, symbol, interval);
            }
            if (grid.offGrid().contains(key)) BarPhase.refuseMixedPhases(c, s, symbol, interval);
            BarPhase.refuseAnotherGrid(s, symbol, interval, grids, grid.mine().get(key), () -> grid.stored().get(symbol + "\u0000" + interval.label));
            String session = sessions.get(symbol);
            if (session == null) {
                session = guessSession(interval, d.saturdays(), d.outsideNewYork(), d.outsideBerlin());
                if ("eu_equity".equals(session)) euGuessed.put(key, s.bar().time().zone());
                else if ("us_equity".equals(session)) usGuessed.add(key);
            }
            out.add(new SymbolBars(s.no(), symbol, interval, session, d.duplicates(), d.outOfOrder()));
        }
        Map<String, VenueGuess.Guess> venues = VenueGuess.refine(c, euGuessed);
        venues.putAll(VenueGuess.refineUs(c, usGuessed));
        for (int i = 0; i < out.size(); i++) {
            SymbolBars b = out.get(i);
            VenueGuess.Guess g = venues.get(b.fileNo() + "\u0000" + b.symbol());
            if (g != null) out.set(i, new SymbolBars(b.fileNo(), b.symbol(), b.interval(), g.session(), b.duplicates(), b.outOfOrder(), g.note()));
        }
        try (Statement st = c.createStatement()) {
            st.execute("CREATE OR REPLACE TEMP TABLE bar_detected (file_no INTEGER, symbol VARCHAR, interval VARCHAR)");
        }
        if (out.isEmpty()) return out;
        // one statement for every symbol: a JDBC batch runs one insert per row, seconds for a file of thousands of symbols
        try (Statement st = c.createStatement()) {
            st.execute("INSERT INTO bar_detected VALUES " + values(out, b -> b.fileNo() + ", " + ImportBatch.literal(b.symbol()) + ", " + ImportBatch.literal(b.interval().label)));
        }
        return out;
    }

    /** The bar_steps table: each distinct time of bar_rows with its first line and the step (seconds) from the time before it. */
    static void steps(Connection c) throws SQLException {
        try (Statement st = c.createStatement()) {
            org.sextant.engine.jobs.CancellableSql.run(st, () -> st.execute("CREATE OR REPLACE TEMP TABLE bar_steps AS SELECT file_no, symbol, ts, line, lag(line) OVER w AS prev_line, "
                    + "date_diff('second', lag(ts) OVER w, ts) AS step FROM (SELECT file_no, symbol, ts, min(line) AS line FROM bar_rows GROUP BY ALL) "
                    + "WINDOW w AS (PARTITION BY file_no, symbol ORDER BY ts)"));
        }
    }

    /** One symbol of one file as first read: its interval, or the refusal of it, and the shares the session guess reads. */
    private record Detected(BarImport.Source s, String symbol, BarInterval interval, SextantException refused, long duplicates, long outOfOrder,
                            double saturdays, double outsideNewYork, double outsideBerlin) {}

    /** The interval of a symbol's bars from its most common step ({@code step}: null for one bar time), or its refusal. */
    private static BarInterval interval(Connection c, BarImport.Source s, String symbol, Object step, LoneBars.Batch lone) throws SQLException {
        long seconds = step == null ? 0 : ((Number) step).longValue();
        if (step != null && seconds < 60) {
            throw SextantException.invalid("paths", s.bar().file() + ": " + BarSteps.mostOftenBelowAMinute(symbol, seconds), BarSteps.BELOW_A_MINUTE_FIX);
        }
        BarInterval interval = step == null ? LoneBars.interval(s, symbol, lone)
                : seconds % 60 != 0 ? null : BarInterval.ofStepMinutes(seconds / 60);
        if (interval == null) {
            throw SextantException.invalid("paths", s.bar().file() + ": the bars of " + symbol + " are most often " + duration(seconds)
                    + " apart, which is no interval the store holds", "export bars of one of " + String.join(", ", BarInterval.labels()) + ", at least two per symbol");
        }
        if (interval == BarInterval.D1) throw daily(c, s, symbol);
        if (interval.intraday() && !s.bar().wideCols().isEmpty()) throw wideIntraday(s, interval);
        return interval;
    }

    /**
     * The session a new symbol's bars show: trading on Saturdays (New York) is continuous, New York's weekday hours
     * us_equity, Berlin's weekday hours eu_equity (a Berlin file is not also read as New York's: those hours barely
     * overlap), any other weekday hours fx; bars of a day or longer tell no hours, so continuous.
     *
     * @param saturdays      share of the bars on a Saturday in New York
     * @param outsideNewYork share on a weekday outside 09:30-16:00 New York
     * @param outsideBerlin  share outside 09:00-17:35 Berlin (the closing auction included) on a weekday
     */
    static String guessSession(BarInterval interval, double saturdays, double outsideNewYork, double outsideBerlin) {
        if (saturdays > 0.02 || !interval.intraday()) return "continuous";
        if (outsideNewYork <= 0.1) return "us_equity";
        return outsideBerlin <= 0.1 ? "eu_equity" : "fx";
    }

    /** A step as a reader says it: "1 second", "30 seconds", "1 minute", "4 hours", "3 hours 30 minutes", "7 days". */
    static String duration(long seconds) {
        long[] units = {86400, 3600, 60, 1};
        String[] names = {"day", "hour", "minute", "second"};
        StringBuilder out = new StringBuilder();
        long left = seconds;
        for (int i = 0; i < units.length; i++) {
            long n = left / units[i];
            left %= units[i];
            if (n > 0) out.append(out.length() == 0 ? "" : " ").append(n).append(' ').append(names[i]).append(n == 1 ? "" : "s");
        }
        return out.length() == 0 ? "0 seconds" : out.toString();
    }

    /**
     * Daily bars with a time of day other than midnight (dates written as midnight times import as daily
     * prices): names the time column and shows a time, the first one off midnight.
     */
    private static SextantException daily(Connection c, BarImport.Source s, String symbol) throws SQLException {
        BarFile bar = s.bar();
        List<String> names = new ArrayList<>();
        for (int i : bar.time().cols()) names.add(bar.header().get(i));
        String at = bar.file();
        String value = "";
        try (PreparedStatement p = c.prepareStatement("SELECT line, raw_ts, ts FROM bar_rows WHERE file_no = ? AND symbol = ? "
                + "ORDER BY CAST(ts AS TIME) = TIME '00:00', line LIMIT 1")) {
            p.setInt(1, s.no());
            p.setString(2, symbol);
            try (ResultSet r = p.executeQuery()) {
                if (r.next()) {
                    at += " line " + r.getLong(1);
                    // the cell parsed as a time, so it is quoted; a split date and time shows the time read, in UTC
                    value = ": " + (names.size() == 1 ? "'" + r.getString(2).trim() + "'" : r.getTimestamp(3).toLocalDateTime().toString().replace('T', ' ') + " UTC") + " is";
                }
            }
        }
        return SextantException.invalid(names.get(0), at + ", column " + String.join(" + ", names) + value + " a time of day, but the bars of " + symbol
                + " are one day apart: daily prices carry a date only",
                "write the dates alone (2020-01-02) or every time as midnight (2020-01-02 00:00:00), which import as daily prices; intraday bars need steps shorter than a day");
    }

    /** Two rows of one symbol at one time with different values: which is right is the user's call. */
    private static void refuseConflictingDuplicates(Connection c, List<BarImport.Source> files) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(
                "SELECT symbol, ts, list(file_no ORDER BY file_no, line), list(line ORDER BY file_no, line) FROM bar_rows GROUP BY symbol, ts "
                        + "HAVING count(DISTINCT (open, high, low, close, volume)) > 1 ORDER BY min(file_no), min(line) LIMIT 1")) {
            if (!r.next()) return;
            Object[] fileNos = (Object[]) r.getArray(3).getArray();
            Object[] lines = (Object[]) r.getArray(4).getArray();
            String a = files.get(((Number) fileNos[0]).intValue()).bar().file() + " line " + lines[0];
            String b = files.get(((Number) fileNos[1]).intValue()).bar().file() + " line " + lines[1];
            throw SextantException.invalid("paths", a + " and " + b + ": two different bars of " + r.getString(1) + " at " + r.getTimestamp(2).toLocalDateTime() + " UTC",
                    "keep one of the two lines (identical repeats are kept once)");
        }
    }

    /** The rows of a VALUES list, each {@code row} of one symbol's bars (its symbol a ticker, checked on reading). */
    private static String values(List<SymbolBars> bars, java.util.function.Function<SymbolBars, String> row) {
        java.util.StringJoiner out = new java.util.StringJoiner(", ");
        for (SymbolBars b : bars) out.add("(" + row.apply(b) + ")");
        return out.toString();
    }

    /** The stored session of each symbol of the batch that has one. */
    private static Map<String, String> storedSessions(Connection c) throws SQLException {
        Map<String, String> out = new java.util.HashMap<>();
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(
                "SELECT symbol, session FROM symbol_sessions WHERE symbol IN (SELECT DISTINCT symbol FROM bar_steps)")) {
            while (r.next()) out.put(r.getString(1), r.getString(2));
        }
        return out;
    }

    /**
     * What one scan of bar_steps tells of each file's symbol: its smallest step (seconds), the {@link BarSteps#MIXED_RUN}-th
     * smallest (a run of that many steps shorter than the interval needs it shorter too), and whether two of its bars
     * share an ISO week or a calendar month.
     */
    record Screen(long smallest, long shortRun, boolean twoInWeek, boolean twoInMonth) {}

    private static Map<String, Screen> screens(Connection c) throws SQLException {
        Map<String, Screen> out = new java.util.HashMap<>();
        try (Statement st = c.createStatement(); ResultSet r = org.sextant.engine.jobs.CancellableSql.run(st, () -> st.executeQuery(
                "SELECT file_no, symbol, min(step, " + BarSteps.MIXED_RUN + "), count(*) > count(DISTINCT date_trunc('week', ts)), "
                        + "count(*) > count(DISTINCT date_trunc('month', ts)) FROM bar_steps GROUP BY ALL"))) {
            while (r.next()) {
                // NULL for a symbol of one bar time: it has no step (min of no values)
                java.sql.Array a = r.getArray(3);
                Object[] steps = a == null ? new Object[0] : (Object[]) a.getArray();
                long smallest = steps.length > 0 ? ((Number) steps[0]).longValue() : Long.MAX_VALUE;
                long run = steps.length >= BarSteps.MIXED_RUN ? ((Number) steps[BarSteps.MIXED_RUN - 1]).longValue() : Long.MAX_VALUE;
                out.put(r.getInt(1) + "\u0000" + r.getString(2), new Screen(smallest, run, r.getBoolean(4), r.getBoolean(5)));
            }
        }
        return out;
    }

    /**
     * A wide file (one column per symbol) of intraday bars: its symbols' grid checks cost queries each, and a wide file is a
     * table of closes by date, so it is refused with the long layout that takes such bars.
     */
    private static SextantException wideIntraday(BarImport.Source s, BarInterval interval) {
        return SextantException.invalid("paths", s.bar().file() + ": a wide file (one column per symbol) of " + interval.label
                        + " bars; wide files hold dates (daily, weekly or monthly closes)",
                "write the bars long, one row per bar: time,symbol,close (or one file per symbol: time,close)");
    }

    /** A new symbol gets the session its bars showed; a symbol with a session keeps it (set it in SQL to change it). */
    static void recordSessions(Connection c, List<SymbolBars> detected) throws SQLException {
        if (detected.isEmpty()) return;
        int[] k = {0};
        // a symbol in two files: the first file's session, as one insert per row had it
        try (Statement st = c.createStatement()) {
            st.execute("INSERT INTO symbol_sessions SELECT DISTINCT ON (symbol) symbol, session FROM (VALUES "
                    + values(detected, b -> k[0]++ + ", " + ImportBatch.literal(b.symbol()) + ", " + ImportBatch.literal(b.session()))
                    + ") t(k, symbol, session) ORDER BY symbol, k ON CONFLICT (symbol) DO NOTHING");
        }
    }

    /** Per file, the symbols it brought with their stored bars checked along the session (gaps inside trading days). */
    /** What an import did to a symbol's stored bars: how many it changed, the largest close change, and notes for the report. */
    record StoredChanges(long changed, Double largestChangePct, List<String> notes) {
        static final StoredChanges NONE = new StoredChanges(0, null, List.of());
    }

    /**
     * Per symbol, before bar_new replaces stored bars: stored bars whose values it changes (a re-import
     * of other data under the same name), and new bars whose closes equal stored bars' at one other
     * time ({@link ShiftedCloses}).
     */
    static Map<String, StoredChanges> storedChanges(Connection c) throws SQLException {
        Map<String, List<String>> notes = new LinkedHashMap<>();
        Map<String, long[]> changed = new LinkedHashMap<>();
        Map<String, Double> largest = new LinkedHashMap<>();
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(
                "SELECT n.symbol, count(*), max(abs(n.close / b.close - 1)), arg_max(n.ts, abs(n.close / b.close - 1)), arg_max(b.close, abs(n.close / b.close - 1)), "
                        + "arg_max(n.close, abs(n.close / b.close - 1)) FROM bar_new n JOIN bars b USING (symbol, interval, ts) "
                        + "WHERE (n.open, n.high, n.low, n.close, n.volume) IS DISTINCT FROM (b.open, b.high, b.low, b.close, b.volume) GROUP BY n.symbol")) {
            while (r.next()) {
                String symbol = r.getString(1);
                double pct = 100 * r.getDouble(3);
                changed.put(symbol, new long[] {r.getLong(2)});
                largest.put(symbol, pct);
                notes.computeIfAbsent(symbol, k -> new ArrayList<>()).add(r.getLong(2) + " stored bar" + (r.getLong(2) == 1 ? "" : "s") + " of " + symbol
                        + " changed; the largest close change at " + iso(r.getTimestamp(4)) + ": " + r.getDouble(5) + " to " + r.getDouble(6)
                        + String.format(java.util.Locale.ROOT, " (%.1f%%)", pct) + "; check that the file is the same instrument and unit");
            }
        }
        // stored bars brought again with the very same values: replaced and counted as updated, but said (as daily rows are,
        // UnchangedRows), so a file imported again does not read as "62496 updated" with no word
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(
                "SELECT n.symbol, n.interval, count(*) FILTER (WHERE (n.open, n.high, n.low, n.close, n.volume) IS NOT DISTINCT FROM "
                        + "(b.open, b.high, b.low, b.close, b.volume)), count(*) FROM bar_new n JOIN bars b USING (symbol, interval, ts) GROUP BY ALL ORDER BY ALL")) {
            while (r.next()) {
                long same = r.getLong(3), replaced = r.getLong(4);
                if (same == 0) continue;
                String bars = " stored bars of " + r.getString(1) + " " + r.getString(2);
                notes.computeIfAbsent(r.getString(1), k -> new ArrayList<>()).add((same == replaced
                        ? String.format(java.util.Locale.ROOT, "all %,d%s it replaces", replaced, bars)
                        : String.format(java.util.Locale.ROOT, "%,d of the %,d%s it replaces", same, replaced, bars))
                        + " already held these very prices: counted as updated, nothing in them changed");
            }
        }
        ShiftedCloses.note(c, notes);
        return byNotes(notes, changed, largest);
    }

    /** Per symbol noted: its stored bars changed, their largest close change, and its notes. */
    static Map<String, StoredChanges> byNotes(Map<String, List<String>> notes, Map<String, long[]> changed, Map<String, Double> largest) {
        Map<String, StoredChanges> out = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> e : notes.entrySet()) {
            long[] n = changed.get(e.getKey());
            out.put(e.getKey(), new StoredChanges(n == null ? 0 : n[0], largest.get(e.getKey()), List.copyOf(e.getValue())));
        }
        return out;
    }

    static List<ImportReport.ImportedFile> report(Connection c, List<BarImport.Source> files, List<SymbolBars> detected,
                                                  Map<String, StoredChanges> changes) throws SQLException {
        Map<Integer, List<ImportReport.BarCheck>> byFile = new LinkedHashMap<>();
        for (BarImport.Source s : files) byFile.put(s.no(), new ArrayList<>());
        Map<String, Object[]> stored = storedChecks(c, detected);
        // each symbol's venue notes in one query for the batch: a query per symbol and note held the writer for seconds
        Map<String, String> holidayNotes = VenueHolidayBars.notes(c, detected);
        List<String> unguessed = new ArrayList<>();
        for (SymbolBars b : detected) if (b.sessionNote() == null) unguessed.add(b.symbol());
        Map<String, String> venueNotes = org.sextant.engine.data.VenueFit.storedNotes(c, unguessed);
        Map<String, String> missingDays = MissingSessionDays.notes(c, detected);
        for (SymbolBars b : detected) {
            Object[] v = stored.get(b.symbol() + "\u0000" + b.interval().label);
            // a symbol in two files of one import: its changes are said once, at the first
            StoredChanges ch = changes.remove(b.symbol());
            if (ch == null) ch = StoredChanges.NONE;
            List<String> notes = new ArrayList<>(ch.notes());
            if (b.sessionNote() != null) notes.add(b.sessionNote());
            if ((long) v[6] > 0) notes.add(outsideNote(c, b, (long) v[6]));
            String holidays = holidayNotes.get(VenueHolidayBars.key(b));
            if (holidays != null) notes.add(holidays);
            String missing = missingDays.get(MissingSessionDays.key(b.symbol(), b.interval()));
            if (missing != null) notes.add(missing);
            // a symbol stored as eu_equity before (its session is not guessed again) whose days are another venue's: how to set it
            String venue = b.sessionNote() == null ? venueNotes.get(b.symbol()) : null;
            if (venue != null) notes.add(venue);
            byFile.get(b.fileNo()).add(new ImportReport.BarCheck(b.symbol(), b.interval().label, b.session(), (long) v[0], (String) v[1], (String) v[2],
                    b.duplicates(), b.outOfOrder(), (long) v[3], (long) v[4], (String) v[5], (long) v[6], ch.changed(), ch.largestChangePct(), List.copyOf(notes)));
        }
        List<ImportReport.ImportedFile> out = new ArrayList<>();
        for (BarImport.Source s : files) {
            List<ImportReport.BarCheck> checks = byFile.get(s.no());
            long rows;
            try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT count(*) FROM bar_rows WHERE file_no = " + s.no())) {
                r.next();
                rows = r.getLong(1);
            }
            List<String> symbols = new ArrayList<>();
            java.util.Set<String> intervals = new java.util.TreeSet<>();
            for (ImportReport.BarCheck k : checks) {
                symbols.add(k.symbol());
                intervals.add(k.interval());
            }
            out.add(new ImportReport.ImportedFile(s.bar().file(), "bars", rows, List.copyOf(symbols), String.join(",", intervals),
                    s.bar().timeDescription(), List.copyOf(checks), 0,
                    java.util.stream.Stream.concat(s.notes().stream(), DescriptionColumns.notKeptFromBars(s.bar(), symbols).stream()).toList()));
        }
        return out;
    }

    /**
     * The stored bars of a symbol that fall outside its session, how many and where: they are kept, but a read leaves them
     * out, so a day of a file with pre-market bars is shorter than the file. Weekly and monthly bars are outside only on a weekend.
     */
    private static String outsideNote(Connection c, SymbolBars b, long outside) throws SQLException {
        Map<String, Long> places = b.interval().intraday() ? org.sextant.engine.data.OutsidePlaces.of(c, b.symbol(), b.interval()) : Map.of("weekend", outside);
        return String.format(java.util.Locale.ROOT, "%,d bar%s of %s %s %s outside the %s session (%s): %s; they are stored but in no bar of a read",
                outside, outside == 1 ? "" : "s", b.symbol(), b.interval().label, outside == 1 ? "is" : "are", b.session(),
                org.sextant.engine.data.TradingSession.of(b.session()).hours(), org.sextant.engine.data.OutsidePlaces.said(places, org.sextant.engine.data.TradingSession.of(b.session())));
    }

    /**
     * Per symbol and interval of bar_detected ("SYMBOL\0interval"), its stored bars as the report gives them: count, first and
     * last (ISO), gaps inside trading days of the resample along its session, the largest (minutes) and the stored bar before it,
     * and the bars outside the session. Weekly and monthly bars in one grouped query (one resample_bars query per symbol cost
     * about 40 ms each, a minute for a wide file of 1,000 weekly columns; DuckDB cannot join the macro laterally): each of their
     * buckets is a week or month of its own, so none shares a trading day with the one before (no gap), and the bars outside a
     * session are those dated on a weekend (the macro's rule for a daily source). Intraday bars: the macro's rules grouped ({@link SessionGaps}).
     */
    static Map<String, Object[]> storedChecks(Connection c, List<SymbolBars> detected) throws SQLException {
        Map<String, Object[]> out = new java.util.HashMap<>();
        try (Statement st = c.createStatement(); ResultSet r = org.sextant.engine.jobs.CancellableSql.run(st, () -> st.executeQuery(
                "WITH d AS (SELECT DISTINCT symbol, interval FROM bar_detected) SELECT b.symbol, b.interval, count(*), min(b.ts), max(b.ts), "
                        + "count(*) FILTER (WHERE coalesce(s.session, 'continuous') <> 'continuous' AND dayofweek(CAST(b.ts AS DATE)) NOT BETWEEN 1 AND 5) "
                        + "FROM bars b JOIN d USING (symbol, interval) LEFT JOIN symbol_sessions s USING (symbol) GROUP BY ALL"))) {
            while (r.next()) {
                out.put(r.getString(1) + "\u0000" + r.getString(2), new Object[] {r.getLong(3), iso(r.getTimestamp(4)), iso(r.getTimestamp(5)), 0L, 0L, null, r.getLong(6)});
            }
        }
        if (detected.stream().anyMatch(b -> b.interval().intraday())) out.putAll(SessionGaps.of(c));
        return out;
    }

    /**
     * The report's figures of one symbol's bars from its resample along its session ({@link #storedChecks}): the query the report
     * ran for every symbol before, kept as the baseline of {@link SessionGaps} (SessionGapsTest, WideImportBenchmark, ReportChecksBench).
     */
    static Object[] intradayChecks(Connection c, SymbolBars b) throws SQLException {
        String sym = ImportBatch.literal(b.symbol());
        String iv = ImportBatch.literal(b.interval().label);
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(
                "WITH stored AS (SELECT count(*) AS n, min(ts) AS first, max(ts) AS last FROM bars WHERE symbol = " + sym + " AND interval = " + iv + "), "
                        + "r AS (SELECT ts, bars, date = lag(date) OVER (ORDER BY ts) AS same_day, date_diff('minute', lag(ts) OVER (ORDER BY ts), ts) AS step "
                        + "FROM resample_bars(" + sym + ", " + iv + ", " + iv + ")), "
                        + "g AS (SELECT ts, step - " + b.interval().minutes + " AS hole FROM r WHERE same_day AND step > " + b.interval().minutes + ") "
                        + "SELECT any_value(n), any_value(first), any_value(last), (SELECT count(*) FROM g), (SELECT max(hole) FROM g), "
                        // the stored bar before the largest gap: its bucket's start is a grid time, not always a bar's
                        + "(SELECT max(ts) FROM bars WHERE symbol = " + sym + " AND interval = " + iv + " AND ts < (SELECT arg_max(ts, hole) FROM g)), "
                        + "any_value(n) - (SELECT coalesce(sum(bars), 0) FROM r) FROM stored")) {
            r.next();
            return new Object[] {r.getLong(1), iso(r.getTimestamp(2)), iso(r.getTimestamp(3)), r.getLong(4), r.getLong(5), iso(r.getTimestamp(6)), r.getLong(7)};
        }
    }

    /** Why a row (file_no, line, symbol, date, open..volume) breaks a price rule, in the words of the daily import (its numbers are price data). */
    static SextantException refusal(ResultSet r, PriceRules rules, BarFile bar) throws SQLException {
        String at = bar.file() + " line " + r.getLong(2);
        PriceField nan = RowRules.notANumber(r);
        if (nan != null) return refuse(bar, nan, at, "the " + nan.column + " " + RowRules.NOT_A_NUMBER, RowRules.NAN_FIX);
        PriceField huge = RowRules.notFinite(r);
        if (huge != null) return refuse(bar, huge, at, "the " + huge.column + " " + RowRules.OUT_OF_RANGE, RowRules.OUT_OF_RANGE_FIX);
        double close = r.getDouble(8);
        // getDouble gives NaN for NULL: an empty close is missing, not "negative"
        if (r.wasNull()) return refuse(bar, PriceField.CLOSE, at, "the close is missing", "fill in the close or delete the line");
        String fix = "correct or delete the line; prices must be positive with low <= open, close <= high, dates within import.min_date..max_date";
        if (close <= 0) return SextantException.invalid("paths", at + ": the close " + close + " is not positive", fix);
        PriceField implausible = RowRules.implausible(r);
        if (implausible != null) return refuse(bar, implausible, at, RowRules.implausibleText(r, implausible), RowRules.IMPLAUSIBLE_FIX);
        java.time.LocalDate d = r.getDate(4).toLocalDate();
        if (d.isBefore(rules.minDate()) || d.isAfter(rules.maxDate())) {
            return SextantException.invalid("paths", at + ": the date " + d + " is outside " + rules.minDate() + ".." + rules.maxDate(), fix);
        }
        return SextantException.invalid("paths", at + ": open " + r.getObject(5) + ", high " + r.getObject(6) + ", low " + r.getObject(7) + ", close " + close
                + ", volume " + r.getObject(10) + ": a price is negative or outside low..high", fix);
    }

    private static SextantException refuse(BarFile bar, PriceField f, String at, String what, String fix) {
        Integer col = bar.fields().get(f);
        String name = col != null && bar.hasHeader() && col < bar.header().size() ? bar.header().get(col) : f.column;
        return SextantException.invalid(name, at + ", column " + name + ": " + what, fix);
    }

    static String iso(java.sql.Timestamp t) {
        return t == null ? null : t.toLocalDateTime() + "Z";
    }
}
