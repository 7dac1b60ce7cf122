package org.sextant.engine.ingest;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.sextant.engine.SextantException;

/**
 * The first lines of a CSV file: header, delimiter and the date format of the first data row; for a day-first date or
 * a file with ';' or tab between cells, the date order and number style of every row ({@link CsvForms}).
 * Reading them in Java lets the importer give DuckDB an exact, typed schema (no sniffing).
 *
 * @param hasHeader false for a MetaTrader export, whose header is implied (line 1 is a row)
 * @param numbers   how the file writes decimals and thousands
 * @param notes     what the import's report says of how it read the file ("dates read as DD.MM.YYYY")
 * @param above     lines above the header: 1 for the "sep=;" line Excel writes to name the delimiter, else 0
 */
record CsvHead(List<String> header, char delimiter, String dateFormat, boolean hasHeader, NumberStyle numbers, List<String> notes, int above) {
    CsvHead(List<String> header, char delimiter, String dateFormat) {
        this(header, delimiter, dateFormat, true);
    }

    CsvHead(List<String> header, char delimiter, String dateFormat, boolean hasHeader) {
        this(header, delimiter, dateFormat, hasHeader, NumberStyle.PLAIN, List.of(), 0);
    }

    /** Excel's line naming the delimiter above the header ("sep=;", with its delimiter repeated if the rows are wider). */
    private static final java.util.regex.Pattern SEPARATOR_LINE = java.util.regex.Pattern.compile("\"?sep=(.)\\1*\"?\\s*", java.util.regex.Pattern.CASE_INSENSITIVE);
    /** The delimiters a "sep=" line may name: Excel's, and '|'; "\\t" written out is a tab. */
    private static final String DECLARED = ",;\t|";

    /** Whether {@code line} is Excel's "sep=" line. */
    static boolean sepLine(String line) {
        return SEPARATOR_LINE.matcher(tabWrittenOut(line)).matches();
    }

    /** {@code line} without a byte-order mark, "sep=\\t" written out read as naming a tab. */
    private static String tabWrittenOut(String line) {
        return line.replace("\uFEFF", "").replace("sep=\\t", "sep=\t").replace("SEP=\\t", "SEP=\t");
    }

    /** The delimiter a "sep=" line names, or null when {@code line} is no such line; refused when it names one the import does not read. */
    static Character declaredDelimiter(String line, String file) {
        java.util.regex.Matcher m = SEPARATOR_LINE.matcher(tabWrittenOut(line));
        if (!m.matches()) return null;
        char c = m.group(1).charAt(0);
        if (DECLARED.indexOf(c) < 0) {
            throw SextantException.invalid("paths", file + " line 1 names " + CellText.describe(m.group(1)) + " as the separator between cells (sep=), "
                    + "which the import does not read", "save the file with ',', ';', a tab or '|' between cells (and sep= naming it, or no sep= line)");
        }
        return c;
    }

    /** The note of a file whose first line names its delimiter. */
    private static String declaredNote(String file, char delimiter) {
        return file + ": line 1 names " + (delimiter == '\t' ? "a tab" : "'" + delimiter + "'") + " as the separator between cells (sep=, as Excel writes it); "
                + "the header is line 2";
    }

    static CsvHead read(Path path, String file) {
        return read(path, file, null, false, false);
    }

    /**
     * The head as {@link #read(Path, String)} reads it, by the preview: reading a bounded amount of the file ({@code budget}), its
     * numbers decided when the rows it read showed a quoted number below the first ({@code quoteBelow}), as the import decides
     * them when the file has one.
     */
    static CsvHead read(Path path, String file, Budget budget, boolean quoteBelow) {
        return read(path, file, budget, quoteBelow, false);
    }

    /**
     * The head as {@link #read(Path, String)} reads it when its date order and number style are decided from every row
     * ({@link CsvForms}): that read, in UTF-8, is then also the proof that the file is UTF-8 ({@link StagedFile}). Null
     * when the file has nothing to decide (its first lines were read, not every row).
     */
    static CsvHead readDecidedFromEveryRow(Path path, String file) {
        return read(path, file, null, false, true);
    }

    private static CsvHead read(Path path, String file, Budget budget, boolean quoteBelow, boolean onlyDecided) {
        String headerLine;
        String firstRow;
        boolean spent;
        Character declared;
        try (Lines r = new Lines(path, file, budget)) {
            headerLine = r.next();
            declared = headerLine == null ? null : declaredDelimiter(headerLine, file);
            if (declared != null) headerLine = r.next();
            firstRow = r.next();
            while (firstRow != null && firstRow.isBlank()) firstRow = r.next();
            spent = r.spent();
        } catch (IOException e) {
            throw CsvErrors.unreadable(file, e);
        }
        if (headerLine == null || headerLine.isBlank()) {
            throw SextantException.invalid("paths", file + ": the file is empty",
                    "export the prices again; the file needs a header line and at least one row");
        }
        headerLine = headerLine.replace("\uFEFF", "");
        char delim = declared != null ? declared : delimiterOf(headerLine);
        List<String> header = split(headerLine, delim);
        if (firstRow == null && spent) {
            // the preview read its budget of blank lines: whatever follows them, the import refuses the file
            // (a row after them as too long, see blankRun; no row as no rows)
            throw SextantException.invalid("paths", String.format(java.util.Locale.ROOT,
                    "%s: the first %,d bytes below the header are blank lines, more than the import reads before a row (%,d bytes of them)",
                    file, budget.perOpen, MAX_LINE), BLANK_RUN_FIX);
        }
        if (firstRow == null) {
            throw SextantException.invalid("paths", file + ": the file has a header but no data rows",
                    "export the prices again; the file needs at least one row below the header");
        }
        return declared(header, delim, null, true, declared != null, file).withDateFormatFrom(firstRow, path, file, budget, quoteBelow, onlyDecided);
    }

    /** A head read with a decimal point; {@code sepLine}: below Excel's "sep=;" line, which its notes say. */
    static CsvHead declared(List<String> header, char delimiter, String dateFormat, boolean hasHeader, boolean sepLine, String file) {
        return new CsvHead(header, delimiter, dateFormat, hasHeader, NumberStyle.PLAIN, sepLine ? List.of(declaredNote(file, delimiter)) : List.of(), sepLine ? 1 : 0);
    }

    /** The longest line, in UTF-8 bytes, as DuckDB's read_csv counts it (its default max_line_size, passed to it explicitly): a price row is far shorter. */
    static final int MAX_LINE = 2_000_000;

    /**
     * The next line of {@code r} (null at the end), refused when longer than {@link #MAX_LINE}: reading stops at the
     * limit, so a line that never ends (a sparse file of zeros, a one-line dump of gigabytes) costs 2 MB read, not the file.
     * {@code size[0]} takes the line's bytes with its ending ({@code size[1]}).
     */
    private static String line(BufferedReader r, long lineNo, String file, LineEndings.Judge endings, long[] size) throws IOException {
        StringBuilder b = new StringBuilder();
        long bytes = 0;
        int ch;
        size[1] = 1;
        while ((ch = r.read()) >= 0 && ch != '\n' && !crEnds(r, ch, endings, size)) {
            bytes += utf8(ch);
            if (bytes > MAX_LINE) throw tooLong(file, lineNo);
            b.append((char) ch);
        }
        if (ch == '\n') endings.ended("LF");
        if (ch < 0 && b.length() == 0) return null;
        size[0] = bytes + (ch < 0 ? 0 : size[1]);
        return b.toString();
    }

    /** UTF-8 bytes of one UTF-16 unit (each half of a surrogate pair: 2 of its 4). */
    private static int utf8(int ch) {
        return ch < 0x80 ? 1 : ch < 0x800 || Character.isSurrogate((char) ch) ? 2 : 3;
    }

    /** A carriage return ends a line (as readLine has it), with a line feed after it taken along. */
    private static boolean crEnds(BufferedReader r, int ch, LineEndings.Judge endings, long[] size) throws IOException {
        if (ch != '\r') return false;
        r.mark(1);
        boolean lf = r.read() == '\n';
        if (!lf) r.reset();
        size[1] = lf ? 2 : 1;
        endings.ended(lf ? "CR LF" : "CR");
        return true;
    }

    /** The error for a line past {@link #MAX_LINE}: its number, never its text (nor its length: it is not read to its end). */
    static LineTooLong tooLong(String file, long lineNo) {
        return new LineTooLong(String.format(java.util.Locale.ROOT, "%s line %d is longer than the longest line a CSV may have (%,d bytes)",
                file, lineNo, MAX_LINE));
    }

    /**
     * The error for a file whose first row is not reached within {@link #MAX_LINE} bytes of blank lines: where they start and the
     * line reading stopped at, never a line's text.
     */
    static LineTooLong blankLinesBeforeARow(String file, long from, long lineNo) {
        return new LineTooLong(String.format(java.util.Locale.ROOT, "%s: lines %d to %d are blank, more than the import reads before a row "
                + "(%,d bytes of them); it read no further", file, from, lineNo, MAX_LINE), BLANK_RUN_FIX);
    }

    /**
     * A line past {@link #MAX_LINE}, or a run of blank lines as long before the first row: the import refuses the file for it,
     * however the file is read (its copy is no shorter).
     */
    static final class LineTooLong extends SextantException {
        private LineTooLong(String message) {
            this(message, TOO_LONG_FIX);
        }

        private LineTooLong(String message, String fix) {
            super(org.sextant.contract.FailReason.INVALID_INPUT, message, "paths", fix);
        }
    }

    static final String TOO_LONG_FIX = "export the prices again with one short row per line (a date, prices and a volume take well under 1,000 bytes), or save them as Parquet";

    /**
     * What the preview may read of a file, each time it opens it: {@code perOpen} bytes (past which it reads no
     * further line) and one line past {@link #MAX_LINE} at most, so that a file of any size or line length costs
     * a few MB; counts the bytes read.
     */
    static final class Budget {
        final long perOpen;
        private long read;
        /** How the preview decodes the file: UTF-8, or the encoding the import's copy is read from ({@link TextEncoding}). */
        java.nio.charset.Charset charset = StandardCharsets.UTF_8;

        Budget(long perOpen) {
            this.perOpen = perOpen;
        }

        /** Bytes read from the file through this budget, over every open. */
        long read() {
            return read;
        }

        /** Counts {@code n} bytes read by another reader of the file than {@link Lines}. */
        void spent(long n) {
            read += n;
        }
    }

    /**
     * A CSV's lines, numbered from 1; a line past {@link #MAX_LINE} is refused at its first byte past the bound. With a
     * budget (the preview) no line is read once the budget's bytes are spent ({@link #spent}). A job's cancel or a
     * request's time budget stops every read ({@link org.sextant.engine.jobs.Cancellation#check}, each buffer of 8 KB).
     */
    static final class Lines implements java.io.Closeable {
        private final BufferedReader r;
        private final String file;
        private final Budget budget;
        private long lineNo;
        private long rowLineNo;
        private long opened; // bytes read from the file by this open
        private boolean spent;
        private long emptyRun; // empty lines read since the last line with text
        private long emptyBefore; // empty lines right before the last line with text
        private final LineEndings.Judge endings = new LineEndings.Judge();
        private final long[] size = new long[2]; // the last line's bytes with its ending, and its ending's
        private boolean headerRead;
        private boolean rowRead;
        private long blankBytes; // of the blank lines since the last line with text, before the first row
        private long blankFrom; // where they start

        Lines(Path path, String file, Budget budget) throws IOException {
            this(SizeAtOpen.open(path), file, budget); // no further than the file was: a pseudo-file streams without end
        }

        /** The lines of {@code raw}, a file's bytes (closed with this). */
        Lines(java.io.InputStream raw, String file, Budget budget) {
            this.file = file;
            this.budget = budget;
            java.io.InputStream in = new java.io.FilterInputStream(raw) {
                @Override
                public int read() throws IOException {
                    org.sextant.engine.jobs.Cancellation.check();
                    int b = super.read();
                    if (b >= 0) count(1);
                    return b;
                }

                @Override
                public int read(byte[] buf, int off, int len) throws IOException {
                    org.sextant.engine.jobs.Cancellation.check(); // a job cancelled: no gigabytes of blank lines read for nobody
                    int n = super.read(buf, off, len);
                    if (n > 0) count(n);
                    return n;
                }
            };
            // a decoder of its own reports bytes that are not UTF-8 (as Files.newBufferedReader does): CsvErrors.unreadable names them;
            // the import reads its UTF-8 copy, the preview the file in the encoding that copy is made from
            this.r = new BufferedReader(new java.io.InputStreamReader(in, (budget == null ? StandardCharsets.UTF_8 : budget.charset).newDecoder()));
        }

        private void count(int n) {
            opened += n;
            if (budget != null) budget.read += n;
        }

        /** Bytes read from the file by this open. */
        long bytesRead() {
            return opened;
        }

        /** The next line, null at the end (or, with a budget, once it is spent). */
        String next() throws IOException {
            if (budget != null && opened >= budget.perOpen) {
                spent = true;
                return null;
            }
            String line = line(r, ++lineNo, file, endings, size);
            if (line != null && budget == null) blankBound(line);
            if (line != null && line.isEmpty()) {
                emptyRun++;
            } else if (line != null) {
                emptyBefore = emptyRun;
                emptyRun = 0;
            }
            return line;
        }

        /**
         * Refuses the file once more than {@link #MAX_LINE} bytes of blank (or whitespace-only) lines came before its first row: the
         * readers that skip blank lines read a header and gigabytes of line breaks to the end. Either way the import would refuse
         * it: DuckDB's reader joins a run of empty lines to the row after it ({@link #blankRunTooLong}), and reads a whitespace-only
         * line as a row whose date is empty ("an empty cell is not a date"). The preview reads a budget, and says so itself.
         */
        private void blankBound(String line) {
            if (rowRead) return;
            if (!line.isBlank()) {
                blankBytes = 0;
                if (headerRead) rowRead = true;
                else headerRead = !sepLine(line); // Excel's "sep=;" above the header
                return;
            }
            if (blankBytes == 0) blankFrom = lineNo;
            blankBytes += size[0];
            if (blankBytes > MAX_LINE) throw blankLinesBeforeARow(file, blankFrom, lineNo);
        }

        /**
         * The next row as DuckDB's reader takes it (null at the end): lines joined by a line break while a quote is open, as
         * in a quoted cell holding one; an open quote joins at most {@link #MAX_LINE} characters (the reader refuses longer).
         */
        String row() throws IOException {
            String line = next();
            rowLineNo = lineNo;
            if (line == null || quotes(line) % 2 == 0) return line;
            StringBuilder b = new StringBuilder(line);
            for (long open = quotes(line); open % 2 != 0 && b.length() <= MAX_LINE; ) {
                String more = next();
                if (more == null) break;
                b.append('\n').append(more);
                open += quotes(more);
            }
            return b.toString();
        }

        private static long quotes(String line) {
            return line.chars().filter(ch -> ch == '"').count();
        }

        /** The line the row last read by {@link #row} starts on. */
        long rowLineNo() {
            return rowLineNo;
        }

        /** Empty lines right before the last line with text (each one byte of a run, as in a file with Unix line breaks). */
        long emptyBefore() {
            return emptyBefore;
        }

        /** Of the lines read, the first that ended otherwise than line 1 (the import reads it as ending alike), or null. */
        String mixedEndings() {
            return endings.found;
        }

        /** The number of the line last read (or refused as too long). */
        long lineNo() {
            return lineNo;
        }

        /** Whether reading stopped at the budget, before the end of the file. */
        boolean spent() {
            return spent;
        }

        @Override
        public void close() throws IOException {
            r.close();
        }
    }

    /**
     * The first line longer than {@link #MAX_LINE}, or row after a run of blank lines that long (DuckDB's reader counts
     * the run into the row): why DuckDB's reader failed, or dropped a row; that error, or null. Reads bytes in a fixed buffer,
     * no further than the first byte past the bound of a line that long; a cancel stops it between buffers.
     */
    static SextantException firstTooLong(java.nio.file.Path path, String file) {
        try (java.io.InputStream in = SizeAtOpen.open(path)) {
            long lineNo = 1;
            long bytes = 0;
            long returns = 0; // carriage returns of the line: a blank line of a Windows file is two bytes of the run
            long blankLines = 0;
            long blankBytes = 0;
            byte[] buf = new byte[65536];
            for (int n; (n = in.read(buf)) >= 0; ) {
                org.sextant.engine.jobs.Cancellation.check();
                for (int i = 0; i < n; i++) {
                    if (buf[i] == '\n') {
                        if (bytes == 0) {
                            blankLines++;
                            blankBytes += 1 + returns;
                        } else {
                            if (blankRunTooLong(blankBytes, bytes)) return blankRun(file, lineNo, blankLines);
                            blankLines = 0;
                            blankBytes = 0;
                        }
                        lineNo++;
                        bytes = 0;
                        returns = 0;
                    } else if (buf[i] == '\r') {
                        returns++;
                    } else if (++bytes > MAX_LINE) {
                        return tooLong(file, lineNo);
                    }
                }
            }
            return bytes > 0 && blankRunTooLong(blankBytes, bytes) ? blankRun(file, lineNo, blankLines) : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** Whether DuckDB's reader takes a row of {@code rowBytes} after {@code blankBytes} of blank lines as one line past MAX_LINE (it counts the run but its first line break). */
    static boolean blankRunTooLong(long blankBytes, long rowBytes) {
        return blankBytes > 0 && blankBytes - 1 + rowBytes > MAX_LINE;
    }

    /** The error for a row after a run of blank lines the reader takes as part of it: the count and where they are, never the row's text. */
    private static SextantException blankRun(String file, long lineNo, long blankLines) {
        return SextantException.invalid("paths", file + " " + blankRunText(lineNo, blankLines), BLANK_RUN_FIX);
    }

    /** "line 5242882 follows 5,242,880 blank lines (lines 2 to 5242881), more than the import reads before a row (2,000,000 bytes of them)". */
    static String blankRunText(long lineNo, long blankLines) {
        return String.format(java.util.Locale.ROOT, "line %d follows %,d blank lines (lines %d to %d), more than the import reads before a row (%,d bytes of them)",
                lineNo, blankLines, lineNo - blankLines, lineNo - 1, MAX_LINE);
    }

    /** A shell command that deletes the blank lines whatever the file's line ends: grep alone sees a CR-only file as one line (attack 37 F4). */
    static final String BLANK_RUN_COMMAND = "tr '\\r' '\\n' < FILE | grep -v '^[[:space:]]*$' > CLEAN.csv";
    static final String BLANK_RUN_FIX = "delete the blank lines (e.g. " + BLANK_RUN_COMMAND + ", which also reads Windows and old Mac line ends) and import the file without them";

    /** This head with the first row's date format, and the forms of every row when it needs them; null when not and {@code onlyDecided}. */
    private CsvHead withDateFormatFrom(String firstRow, Path path, String file, Budget budget, boolean quoteBelow, boolean onlyDecided) {
        List<String> row = split(firstRow, delimiter);
        Layout probe = Layout.detect(header, file, above + 1);
        String cell = probe.dateCol() < row.size() ? row.get(probe.dateCol()).trim() : "";
        CsvHead head = new CsvHead(header, delimiter, dateFormatOf(cell), true, NumberStyle.PLAIN, notes, above);
        CsvHead decided = CsvForms.decideIfNeeded(head, probe, cell, firstRow, path, file, budget, quoteBelow);
        return decided != null || onlyDecided ? decided : head;
    }

    /**
     * ISO dates, Stooq's compact YYYYMMDD, or day first with dots (DD.MM.YYYY, the one order dots are written in); a
     * date with slashes or dashes takes its order from the whole file ({@link CsvForms}); anything else is reported per
     * line by DuckDB's cast.
     */
    static String dateFormatOf(String cell) {
        if (cell.matches("\\d{8}")) return "%Y%m%d";
        return cell.matches("\\d{1,2}\\.\\d{1,2}\\.\\d{4}") ? "%d.%m.%Y" : "%Y-%m-%d";
    }

    static char delimiterOf(String headerLine) {
        if (headerLine.indexOf(',') >= 0) return ',';
        if (headerLine.indexOf(';') >= 0) return ';';
        if (headerLine.indexOf('\t') >= 0) return '\t';
        return ',';
    }

    /** Splits one CSV line; double quotes group a cell and "" inside quotes is one quote. */
    static List<String> split(String line, char delim) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (quoted) {
                if (ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (ch == '"') {
                    quoted = false;
                } else {
                    cell.append(ch);
                }
            } else if (ch == '"') {
                quoted = true;
            } else if (ch == delim) {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(ch);
            }
        }
        cells.add(cell.toString());
        return cells;
    }
}
