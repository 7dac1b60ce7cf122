package org.sextant.engine.ingest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.sextant.contract.ShownText;
import org.sextant.engine.SextantException;

/**
 * What an import would read from one file, before anything is written: its format, the layout
 * the importer detects from the header (the same detection the import uses), and the first rows.
 * A file the importer would refuse for its header is refused here with the same error.
 *
 * @param layout   yahoo, stooq, stooq_txt, long, wide or close; "bars" for rows with a time of day (and dates a week or a month apart, {@link DateSpacing}); for Parquet "parquet" (columns are checked on import)
 * @param interval the bar interval the first rows show (1m .. 1mo; 1d for a daily file), null when they do not tell
 * @param times    how a bar file writes its times ("iso_zoned in datetime_utc"), null for a daily file
 * @param zoneApplies whether the file writes bar times without a zone, so the import's time zone decides when they were
 * @param notes    what the import will make of the rows read that a reader may not expect: a time that does not
 *                 exist in the zone (refused) or happens twice (the clocks went back), a line too long to read or a row after
 *                 too many blank lines (refused; the rows stop before it), a symbol whose dates look weekly or monthly
 *                 yet import as daily prices, with why and the fix ({@link DateSpacing})
 */
public record ImportPreview(String file, String format, String layout, List<String> header, String delimiter,
                            String dateFormat, List<List<String>> rows, String symbolSource, String interval, String times,
                            boolean zoneApplies, List<String> notes) {

    /**
     * The sentences built from the file's header and cells (the symbols' source, the date format, the
     * notes) shown with control characters and direction overrides escaped (ShownText): the file is the
     * user's own, but a cell's ESC or U+202E must not recolour or reorder what the window says of it.
     * The header and rows are the file's data, shown as they are.
     */
    public ImportPreview {
        dateFormat = ShownText.escaped(dateFormat);
        symbolSource = ShownText.escaped(symbolSource);
        times = ShownText.escaped(times);
        notes = notes == null ? null : notes.stream().map(ShownText::escaped).toList();
    }

    public static final int ROWS = 10;
    /** Rows read to tell the interval (the import itself decides on every row). */
    static final int INTERVAL_ROWS = 500;

    /**
     * Refuses, naming "paths", what is not a file to read: missing, a folder, a device or pipe (which never ends), or a
     * system file under /proc or /sys (say 0 bytes, yet stream on: /proc/self/pagemap). Any other file that grows
     * as it is read is refused by the read itself ({@link SizeAtOpen}).
     */
    static void requireFile(Path path) {
        String system = path == null ? null : systemFolder(path);
        String why = path == null || !Files.exists(path) ? "no such file"
                : Files.isDirectory(path) ? "is a folder, not a file"
                : !Files.isRegularFile(path) ? "is not a regular file (a device or pipe)"
                : system != null ? "is a system file (in " + system + "), not a price file: its size says nothing of what it holds" : null;
        if (why != null) {
            throw SextantException.invalid("paths", path + ": " + why, "give the path of an existing CSV or Parquet file"
                    + (path != null && Files.isDirectory(path) ? " (the files in a folder: name each, or a shell pattern such as folder/*.csv)" : ""));
        }
    }

    /** Folders of the kernel's files, whatever link leads there. */
    private static final List<String> SYSTEM_FOLDERS = List.of("/proc", "/sys"); // /dev holds devices (not regular: refused) and /dev/shm files, which are files

    /** The system folder {@code path} really is in (links followed), or null. */
    private static String systemFolder(Path path) {
        if (!"/".equals(path.getFileSystem().getSeparator())) return null;
        Path real;
        try {
            real = path.toRealPath();
        } catch (IOException | SecurityException e) {
            return null; // missing or unreadable: said as such
        }
        return SYSTEM_FOLDERS.stream().filter(f -> real.startsWith(Path.of(f))).findFirst().orElse(null);
    }

    /** Notes at most, of the rows read: a file in a zone with clock changes has two a year. */
    static final int MAX_NOTES = 4;
    private static final java.time.format.DateTimeFormatter SHOWN = java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    public static ImportPreview of(Path path) {
        return of(path, null);
    }

    /** The preview with bar times written without a zone read in {@code zone} (null: UTC), as the import with that time zone reads them. */
    public static ImportPreview of(Path path, java.time.ZoneId zone) {
        return of(path, zone, (org.sextant.engine.store.Store) null);
    }

    /**
     * The preview that also compares the bars read with {@code store}'s bars of the same symbol and interval (null: none),
     * as the import does: a file on another grid is noted in the import's words.
     */
    public static ImportPreview of(Path path, java.time.ZoneId zone, org.sextant.engine.store.Store store) {
        return of(path, zone, new CsvHead.Budget(BYTES), store);
    }

    static ImportPreview of(Path path, java.time.ZoneId zone, CsvHead.Budget budget) {
        return of(path, zone, budget, null);
    }

    /**
     * Bytes the preview reads of a file each time it opens it (plus one line, at most {@link CsvHead#MAX_LINE}):
     * a header and a first row of the longest lines fit; a file of any size costs a few MB.
     */
    static final long BYTES = 2L * CsvHead.MAX_LINE;

    /**
     * The preview reading within {@code budget}, which counts what it read. A CSV whose first {@link CsvHead.Budget#perOpen} bytes
     * are not UTF-8 (below the rows shown too) is read again in the encoding they are written in, as the import reads it (Windows-1252, UTF-16), said in the notes.
     */
    static ImportPreview of(Path path, java.time.ZoneId zone, CsvHead.Budget budget, org.sextant.engine.store.Store store) {
        requireFile(path);
        TextEncoding.Verdict v;
        try {
            ImportPreview p = read(path, zone, budget, store);
            if (!"csv".equals(p.format()) || !budget.charset.equals(java.nio.charset.StandardCharsets.UTF_8)) return p;
            // the rows shown decode as UTF-8; a byte below them within the budget may not, and the import tells from every byte
            v = encoding(path, budget);
            if (v.utf8()) return p;
        } catch (SextantException notUtf8) {
            if (!(notUtf8.getCause() instanceof java.nio.charset.CharacterCodingException) || !budget.charset.equals(java.nio.charset.StandardCharsets.UTF_8)) {
                throw notUtf8;
            }
            v = encoding(path, budget);
            if (v.utf8()) throw notUtf8; // UTF-8 as far as the budget reads: what did not decode lies past it
        }
        budget.charset = v.charset();
        ImportPreview p = read(path, zone, budget, store);
        List<String> notes = new ArrayList<>(List.of(v.note(p.file())));
        notes.addAll(p.notes());
        return new ImportPreview(p.file(), p.format(), p.layout(), p.header(), p.delimiter(), p.dateFormat(), p.rows(), p.symbolSource(), p.interval(),
                p.times(), p.zoneApplies(), List.copyOf(notes));
    }

    /** The encoding of the file's first bytes, at most {@link CsvHead.Budget#perOpen} of them ({@link TextEncoding#of}). */
    private static TextEncoding.Verdict encoding(Path path, CsvHead.Budget budget) {
        String file = String.valueOf(path);
        try (java.io.InputStream in = SizeAtOpen.open(path)) {
            java.io.InputStream counted = new java.io.FilterInputStream(in) {
                @Override
                public int read(byte[] buf, int off, int len) throws IOException {
                    int n = super.read(buf, off, len);
                    if (n > 0) budget.spent(n);
                    return n;
                }
            };
            return TextEncoding.of(counted, file, budget.perOpen);
        } catch (IOException e) {
            throw CsvErrors.unreadable(file, e);
        }
    }

    /**
     * The preview; read again when a ',' file's row below the first quotes a number and its first does not ({@link Read#quoteBelow}),
     * its numbers then decided from the rows its budget reads, as the import decides them from every row.
     */
    private static ImportPreview read(Path path, java.time.ZoneId zone, CsvHead.Budget budget, org.sextant.engine.store.Store store) {
        Read first = readOnce(path, zone, budget, store, false);
        return first.quoteBelow() ? readOnce(path, zone, budget, store, true).preview() : first.preview();
    }

    /**
     * One read of the preview, and what its look found: whether a ',' file's row below the first quotes a number ({@link
     * CsvForms#quotesNumber}) while its first row does not (that one decided the file's numbers already).
     */
    private record Read(ImportPreview preview, boolean quoteBelow) {}

    /** The look for {@link Read#quoteBelow} over the rows one read takes, in their order: the first row tested once. */
    private static final class QuoteLook {
        private boolean done; // not a ',' file, its first row quotes a number, or a later one was found
        private boolean first = true;
        private boolean found;

        QuoteLook(char delimiter, boolean known) {
            found = known;
            done = delimiter != ',' || known;
        }

        void row(String text) {
            if (done) return;
            boolean quotes = CsvForms.quotesNumber(text);
            found = quotes && !first;
            done = quotes;
            first = false;
        }
    }

    /** A read of the preview; its numbers decided from the rows read when {@code quoteBelow} (a former read's look found it). */
    private static Read readOnce(Path path, java.time.ZoneId zone, CsvHead.Budget budget, org.sextant.engine.store.Store store, boolean quoteBelow) {
        String file = String.valueOf(path);
        String name = path.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".parquet")) {
            return new Read(new ImportPreview(file, "parquet", "parquet", List.of(), null, null, List.of(), "symbol column", null, null, false, List.of()), false);
        }
        BarFile bar;
        try {
            bar = BarFile.probe(path, file, budget, quoteBelow);
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e); // a CSV probe runs no SQL
        }
        if (bar != null) return bars(path, file, bar.inZone(zone), budget, store, quoteBelow);
        CsvHead head = CsvHead.read(path, file, budget, quoteBelow);
        QuoteLook look = new QuoteLook(head.delimiter(), quoteBelow);
        Layout layout = Layout.detect(head.header(), file, head.above() + 1);
        List<List<String>> rows = new ArrayList<>();
        List<String> notes = new ArrayList<>(head.notes()); // the date order and number style the import reads the file with
        java.util.Map<String, java.util.SortedSet<java.time.LocalDate>> dates = new java.util.HashMap<>(); // per symbol: the spacing of its dates
        try (CsvHead.Lines r = new CsvHead.Lines(path, file, budget)) {
            for (int k = 0; k <= head.above(); k++) r.next(); // the header, and Excel's "sep=;" above it
            int read = 0;
            for (String line; read < INTERVAL_ROWS && (line = next(r, notes)) != null; ) {
                if (line.isBlank()) continue;
                List<String> cells = CsvHead.split(line, head.delimiter());
                if (rows.size() < ROWS) rows.add(cells);
                read++;
                look.row(line);
                addDates(path, layout, head.dateFormat(), cells, dates);
            }
            noteEndings(r, notes);
        } catch (IOException e) {
            throw CsvErrors.unreadable(file, e);
        }
        DateSpacing.Verdict spacing = DateSpacing.of(dates, layout.wide());
        if (spacing != null && spacing.periodic() != null) return bars(path, file, BarFile.ofDates(file, layout, head), budget, store, look.found);
        if (spacing != null) notes.addAll(spacing.notes());
        String symbols = layout.symbolCol() >= 0 ? "column " + ShownText.name(head.header().get(layout.symbolCol()))
                : layout.wide() ? "one column per symbol" : "the file name";
        return new Read(new ImportPreview(file, "csv", layout.name(), head.header(), String.valueOf(head.delimiter()),
                head.dateFormat(), rows, symbols, "1d", null, false, List.copyOf(notes)), look.found);
    }

    /** The dates of one row, by symbol, as the import reads them (a cell that is not a date or a missing price is left out). */
    private static void addDates(Path path, Layout layout, String dateFormat, List<String> cells, java.util.Map<String, java.util.SortedSet<java.time.LocalDate>> dates) {
        java.time.LocalDateTime t = new BarTime("date", List.of(layout.dateCol()), dateFormat).parseAsWritten(cells);
        PriceRules rules = PriceRules.defaults();
        // a date the import refuses (year 1) is refused as such, not read as a far step
        if (t == null || t.toLocalDate().isBefore(rules.minDate()) || t.toLocalDate().isAfter(rules.maxDate())) return;
        List<String> symbols = new ArrayList<>();
        if (layout.symbolCol() >= 0) {
            if (layout.symbolCol() < cells.size()) symbols.add(cells.get(layout.symbolCol()).trim().toUpperCase(Locale.ROOT));
        } else if (layout.wide()) {
            for (int i : layout.wideCols()) {
                if (hasPrice(cells, i)) symbols.add(layout.wideSymbol(i));
            }
        } else {
            symbols.add(ImportBatch.symbolFromFileName(path));
        }
        for (String s : symbols) dates.computeIfAbsent(s, k -> new java.util.TreeSet<>()).add(t.toLocalDate());
    }

    /**
     * The next line of the rows read, null at the end; a line past {@link CsvHead#MAX_LINE}, or a row after more blank
     * lines than the import reads before one, ends the rows with a note naming it by number only (the import refuses
     * the file for it), never its text.
     */
    private static String next(CsvHead.Lines r, List<String> notes) throws IOException {
        try {
            String line = r.next();
            // a row after more blank lines than the reader takes before one: the import refuses the file there
            if (line != null && !line.isEmpty() && CsvHead.blankRunTooLong(r.emptyBefore(), line.getBytes(java.nio.charset.StandardCharsets.UTF_8).length)) {
                notes.add(CsvHead.blankRunText(r.lineNo(), r.emptyBefore()) + ": the import refuses the file; " + CsvHead.BLANK_RUN_FIX);
                return null;
            }
            return line;
        } catch (SextantException tooLong) {
            notes.add(String.format(Locale.ROOT, "line %d is longer than the longest line a CSV may have (%,d bytes): the import refuses the file; %s",
                    r.lineNo(), CsvHead.MAX_LINE, CsvHead.TOO_LONG_FIX));
            return null;
        }
    }

    /** A note when the lines read end in more than one way: the import reads them as ending alike, not refusing the file. */
    private static void noteEndings(CsvHead.Lines r, List<String> notes) {
        if (r.mixedEndings() != null) notes.add(r.mixedEndings() + ": the import reads every line as ending the same way (LF); the file itself is unchanged");
    }

    /** The preview of a bar file (or of dates a week or a month apart); {@code quoteBelow}: a former look found it, or the daily read's. */
    private static Read bars(Path path, String file, BarFile bar, CsvHead.Budget budget, org.sextant.engine.store.Store store, boolean quoteBelow) {
        List<List<String>> rows = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        java.util.Map<Long, Integer> steps = new java.util.HashMap<>(); // seconds between a symbol's rows, as the import counts them
        java.util.Map<String, java.time.LocalDateTime> previous = new java.util.HashMap<>();
        java.util.Map<String, Long> previousLine = new java.util.HashMap<>();
        String belowAMinute = null; // the first two rows of a symbol less than a minute apart
        java.util.SortedMap<String, java.util.TreeMap<Long, Long>> times = new java.util.TreeMap<>(); // per symbol, each time's first line: its grid
        String firstSymbol = null;
        long firstLine = 0, lastLine = 0;
        boolean midnight = true; // every time read at 00:00 as written: dates, imported as daily prices (BarFile.daysAtMidnight)
        java.time.LocalDate firstDay = null; // the earliest date as written: a lone midnight refusal's fix writes it
        boolean wholeFile = false; // read to its end: not stopped by the rows or the bytes the preview reads
        List<String> read = new ArrayList<>(bar.readNotes()); // how its dates and numbers are read, then notes of the lines read (too long, ending in two ways), said of daily files too
        QuoteLook look = new QuoteLook(bar.delimiter(), quoteBelow);
        try (CsvHead.Lines r = new CsvHead.Lines(path, file, budget)) {
            for (int k = 0; k < bar.above(); k++) r.next(); // Excel's "sep=;"
            if (bar.hasHeader()) r.next();
            int rowsRead = 0;
            String text = null;
            for (; rowsRead < INTERVAL_ROWS && (text = next(r, read)) != null; ) {
                long line = r.lineNo();
                if (text.isBlank()) continue;
                List<String> cells = CsvHead.split(text, bar.delimiter());
                if (rows.size() < ROWS) rows.add(cells);
                rowsRead++;
                look.row(text);
                java.time.LocalDateTime asWritten = bar.time().parseAsWritten(cells); // once a row: the notes, midnight and the step use it
                if (bar.time().dst() && notes.size() < MAX_NOTES) dstNote(bar, asWritten, line, notes);
                midnight &= asWritten != null && asWritten.toLocalTime().equals(java.time.LocalTime.MIDNIGHT);
                if (asWritten != null && (firstDay == null || asWritten.toLocalDate().isBefore(firstDay))) firstDay = asWritten.toLocalDate();
                if (firstLine == 0) firstLine = line;
                lastLine = line;
                java.time.LocalDateTime utc = bar.time().toUtc(asWritten);
                for (String symbol : symbolsOf(path, bar, cells)) {
                    java.time.LocalDateTime t = utc;
                    java.time.LocalDateTime before = previous.get(symbol);
                    if (firstSymbol == null) firstSymbol = symbol;
                    if (t != null && t.equals(before) && bar.time().dst()) t = secondOfRepeated(bar, asWritten, t);
                    // either order: many providers list the newest bar first
                    if (t != null && before != null && !t.equals(before)) {
                        long step = Math.abs(java.time.Duration.between(before, t).getSeconds());
                        steps.merge(step, 1, Integer::sum);
                        if (step < 60 && belowAMinute == null) belowAMinute = BarSteps.twoBelowAMinute(previousLine.get(symbol), line, ShownText.name(symbol), step);
                    }
                    if (t != null) {
                        previous.put(symbol, t);
                        previousLine.put(symbol, line);
                        times.computeIfAbsent(symbol, k -> new java.util.TreeMap<>()).putIfAbsent(t.toInstant(java.time.ZoneOffset.UTC).toEpochMilli(), line);
                    }
                }
            }
            noteEndings(r, read);
            wholeFile = text == null ? !r.spent() : atEnd(r);
        } catch (IOException e) {
            throw CsvErrors.unreadable(file, e);
        }
        Long typical = null; // the most common step; of two as common, the shorter
        for (java.util.Map.Entry<Long, Integer> e : steps.entrySet()) {
            if (typical == null || e.getValue() > steps.get(typical) || (e.getValue().equals(steps.get(typical)) && e.getKey() < typical)) typical = e.getKey();
        }
        String interval = typical == null || typical % 60 != 0 ? null
                : java.util.Optional.ofNullable(org.sextant.engine.data.BarInterval.ofStepMinutes(typical / 60)).map(i -> i.label).orElse(null);
        // the import's refusal of steps below a minute, in its words: most steps, else the first two rows
        if (typical != null && typical < 60) belowAMinute = "lines " + firstLine + ".." + lastLine + ": " + BarSteps.mostOftenBelowAMinute(ShownText.name(firstSymbol), typical);
        if (belowAMinute != null) notes.add(belowAMinute + ": the import refuses the file; " + BarSteps.BELOW_A_MINUTE_FIX);
        // the import refuses bars off the grid after those less than a minute apart: one refusal said
        BarGrid.Stored stored = store == null ? null : (symbol, stepOf) -> store.read(c -> BarPhase.storedGrid(c, symbol, stepOf));
        String offGrid = belowAMinute == null ? BarGrid.previewNote(times, bar.time().changingZone(), bar.time().localZone(), stored) : null;
        if (offGrid != null) notes.add(offGrid);
        String symbols = bar.symbolCol() >= 0 ? "column " + ShownText.name(bar.header().get(bar.symbolCol()))
                : !bar.wideCols().isEmpty() ? "one column per symbol"
                : bar.valueSymbol() != null ? "the value column's name (" + ShownText.name(bar.valueSymbol()) + ")" : "the file name";
        // each symbol's one row at midnight: what is stored of its symbols decides, as on import (LoneMidnight)
        LoneMidnight.Verdict lone = midnight && !rows.isEmpty() && steps.isEmpty() && store != null ? loneMidnight(store, file, times.keySet(), firstDay) : null;
        if (midnight && !rows.isEmpty() && ("1d".equals(interval) || lone != null && lone.daily())) {
            String dates = ShownText.name(bar.header().get(bar.time().cols().get(0)));
            List<String> daily = new ArrayList<>(lone == null || lone.previewNote() == null ? List.of() : List.of(loneNote(lone, wholeFile, times.keySet())));
            daily.addAll(read);
            return new Read(new ImportPreview(file, "csv", bar.dailyLayout().name(), bar.header(), String.valueOf(bar.delimiter()), "dates written as midnight times in " + dates,
                    rows, symbols, "1d", null, false, List.copyOf(daily)), look.found);
        }
        if (lone != null && lone.previewNote() != null) notes.add(0, loneNote(lone, wholeFile, times.keySet()));
        if (lone != null && lone.refusal() == null) interval = loneInterval(store, times.keySet());
        notes.addAll(read);
        return new Read(new ImportPreview(file, "csv", "bars", bar.header(), String.valueOf(bar.delimiter()), null, rows, symbols, interval, bar.timeDescription(),
                bar.time().naive(), List.copyOf(notes)), look.found);
    }

    /** Whether no row follows the rows read (blank lines aside) within the budget: the preview then saw the whole file. */
    private static boolean atEnd(CsvHead.Lines r) throws IOException {
        try {
            String line;
            do line = r.next(); while (line != null && line.isBlank());
            return line == null && !r.spent();
        } catch (SextantException tooLong) {
            return false;
        }
    }

    /**
     * The lone-midnight verdict as the preview says it: of a file read in part, said to be of the symbols previewed, as the
     * import judges every symbol of the file and may decide otherwise (a later symbol with nothing stored refuses it).
     */
    private static String loneNote(LoneMidnight.Verdict lone, boolean wholeFile, java.util.Set<String> symbols) {
        return wholeFile ? lone.previewNote() : lone.previewNote() + String.format(Locale.ROOT, " (of the symbols previewed, %,d in the file's first rows:"
                + " the import judges every symbol of the file)", symbols.stream().filter(s -> !s.isEmpty()).count());
    }

    /** The import's verdict on lone midnight rows of {@code symbols}, read from {@code store}. */
    private static LoneMidnight.Verdict loneMidnight(org.sextant.engine.store.Store store, String file, java.util.Set<String> symbols, java.time.LocalDate firstDay) {
        // a row without a symbol is no symbol's, as on import
        List<String> named = symbols.stream().filter(s -> !s.isEmpty()).toList();
        return store.read(c -> LoneMidnight.verdict(c, file, named, firstDay == null ? null : firstDay.toString()));
    }

    /** The interval lone bars of {@code symbols} take, their stored bars' one interval; null when they have several (the import then tells each). */
    private static String loneInterval(org.sextant.engine.store.Store store, java.util.Set<String> symbols) {
        java.util.Set<String> intervals = store.read(c -> LoneMidnight.distinct(c, "interval", "bars", List.copyOf(symbols)));
        return intervals.size() == 1 ? intervals.iterator().next() : null;
    }

    /**
     * The symbols of a row as the import reads them: its symbol column, a wide file's columns with a price, the value
     * column's name, else the file name.
     */
    private static List<String> symbolsOf(Path path, BarFile bar, List<String> cells) {
        if (bar.symbolCol() >= 0) return List.of(bar.symbolCol() < cells.size() ? cells.get(bar.symbolCol()).trim().toUpperCase(Locale.ROOT) : "");
        if (!bar.wideCols().isEmpty()) {
            List<String> out = new ArrayList<>();
            for (int i : bar.wideCols()) {
                if (hasPrice(cells, i)) out.add(bar.wideSymbol(i));
            }
            return out;
        }
        return List.of(bar.valueSymbol() != null ? bar.valueSymbol() : ImportBatch.symbolFromFileName(path));
    }

    /** Whether a wide file's cell holds a price: neither missing nor NaN (in any spelling the readers take), each an empty day of its symbol. */
    private static boolean hasPrice(List<String> cells, int col) {
        String v = col < cells.size() ? cells.get(col).trim().replace("\"", "") : "";
        return !MissingCells.missing(v) && !MissingCells.nan(v);
    }

    /** A row at the same time as the one before in a repeated hour: the second of the two, at the later offset (as the import reads it). */
    private static java.time.LocalDateTime secondOfRepeated(BarFile bar, java.time.LocalDateTime local, java.time.LocalDateTime utc) {
        java.time.zone.ZoneOffsetTransition t = local == null ? null : bar.time().zone().getRules().getTransition(local);
        return t == null || t.isGap() ? utc : local.minusSeconds(t.getOffsetAfter().getTotalSeconds());
    }

    /** A note when the row's time, as written, falls in the zone's skipped hour (the import refuses it) or its repeated one (read as BarDst reads it). */
    private static void dstNote(BarFile bar, java.time.LocalDateTime local, long line, List<String> notes) {
        if (local == null) return;
        java.time.ZoneId zone = bar.time().zone();
        java.time.zone.ZoneOffsetTransition t = zone.getRules().getTransition(local);
        if (t == null) return;
        String at = "line " + line + ": " + SHOWN.format(local);
        String note = t.isGap()
                ? at + " does not exist in " + zone.getId() + " (clocks went forward from " + t.getDateTimeBefore().toLocalTime() + " to "
                        + t.getDateTimeAfter().toLocalTime() + " on " + local.toLocalDate() + "): the import refuses it; write the times in UTC or with their offset, or choose a fixed offset such as "
                        + t.getOffsetBefore()
                : at + " happens twice in " + zone.getId() + " (clocks went back from " + t.getDateTimeBefore().toLocalTime() + " to "
                        + t.getDateTimeAfter().toLocalTime() + " on " + local.toLocalDate() + "): of two rows at this time the one the file lists as the earlier bar is read as "
                        + t.getOffsetBefore() + ", the other as " + t.getOffsetAfter() + " (a lone row as " + t.getOffsetBefore() + ")";
        // one note per clock change: a repeated hour holds several rows
        String change = note.substring(note.indexOf(" (clocks"));
        if (notes.stream().noneMatch(n -> n.endsWith(change))) notes.add(note);
    }
}
