package org.sextant.engine.ingest;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sextant.engine.SextantException;

/**
 * How a European CSV writes its dates and numbers, decided from every row of the file, never from one row and never
 * guessed: a date written DD/MM/YYYY or MM/DD/YYYY (slashes or dashes) takes its order from the day past the 12th some
 * row has first or second; a file with ';' or tab between cells (or a ',' file that quotes a decimal comma or a "17.000") takes its
 * decimal comma or point from the cells that can only be read one way, a dot or a comma before three digits (28.000,
 * 28,868) as decimals or between thousands only when some cell says which. A ',' file that quotes US numbers
 * ("28,868.80", "251,820,000": Excel, Yahoo and Investing.com exports) reads them with commas between thousands, and its
 * "22,622" with them, when no cell has a decimal comma. A file that reads two ways is refused naming the column and line. Daily and bar files alike.
 */
final class CsvForms {
    private CsvForms() {}

    /** A date written with its day and month first in some order, and a year of four digits (two are never guessed). */
    static final Pattern DAY_AND_MONTH_FIRST = Pattern.compile("(\\d{1,2})([/-])(\\d{1,2})\\2(\\d{4})");
    /**
     * A number under a decimal comma: 1234,56 1.234,56 1'234,56 1 234,56 -12 (a dot, ', a space or French no-break space groups
     * thousands, one kind in a number: 1.234'567,89 is no number). No back-reference: DuckDB's regexp checks cells with it too ({@link NumberCells}).
     */
    static final Pattern COMMA_NUMBER = Pattern.compile("[-+]?(\\d{1,3}(\\.\\d{3})+|\\d{1,3}('\\d{3})+|\\d{1,3}([ \u00A0\u202F]\\d{3})+|\\d+)(,\\d+)?");
    /** Two kinds of thousands separator in one number: 1.234'567,89. */
    private static final Pattern TWO_SEPARATORS = Pattern.compile(".*\\d([.' \u00A0\u202F]).*\\d(?!\\1)[.' \u00A0\u202F]\\d.*");
    /** A number under a decimal point: 1234.56 1'234.56 1,234.56 (US) 1e5; one kind of thousands separator in a number. */
    static final Pattern POINT_NUMBER = Pattern.compile("[-+]?(\\d{1,3}('\\d{3})+|\\d{1,3}(,\\d{3})+|\\d+)(\\.\\d+)?([eE][-+]?\\d+)?");
    /** A number under a decimal comma without a thousands separator. */
    private static final Pattern PLAIN_COMMA = Pattern.compile("[-+]?\\d+(,\\d+)?");

    /** A quoted number under a decimal comma in a ',' file: "22,622" or "1.234,56" (read as such when its whole column is). */
    private static final Pattern QUOTED_COMMA = Pattern.compile("\"\\s*[-+]?\\d[\\d.]*,\\d+\\s*\"");
    /** A quoted number with commas between thousands in a ',' file: "28,868.80", "251,820,000" (and "22,622", decided by the others). */
    private static final Pattern QUOTED_US = Pattern.compile("\"\\s*[-+]?\\d{1,3}(,\\d{3})+(\\.\\d+)?\\s*\"");
    /** A quoted number with dots between thousands, or three decimals, in a ',' file: German "17.000" (attack 26, F2). */
    private static final Pattern QUOTED_DOT_GROUPED = Pattern.compile("\"\\s*[-+]?\\d{1,3}(\\.\\d{3})+\\s*\"");

    /**
     * Whether {@link #decide} has anything to decide for a file of this head: a date with slashes or dashes, cells split
     * by ';' or tab, or a ',' file whose first row ({@code firstLine} as written) quotes a number with a decimal comma.
     */
    static boolean needed(CsvHead head, String firstDate, String firstLine) {
        return DAY_AND_MONTH_FIRST.matcher(datePart(firstDate)).matches() || numbersNeeded(head, firstLine);
    }

    /** Whether the file's numbers are decided ({@link #needed}), not only its dates. */
    static boolean numbersNeeded(CsvHead head, String firstLine) {
        return head.delimiter() != ',' || firstLine != null && (QUOTED_COMMA.matcher(firstLine).find() || QUOTED_US.matcher(firstLine).find()
            || QUOTED_DOT_GROUPED.matcher(firstLine).find());
    }

    /** Whether {@code line} (a row as written) quotes a number with a comma ("1,002.10", "22,7") or with dots between thousands ("17.000"). */
    static boolean quotesNumber(String line) {
        return line.indexOf('"') >= 0 && (QUOTED_COMMA.matcher(line).find() || QUOTED_US.matcher(line).find() || QUOTED_DOT_GROUPED.matcher(line).find());
    }

    /**
     * {@code head} decided from every row ({@link #decide}) when it has something to decide: dates or numbers {@link #needed} by
     * its first row ({@code firstLine} as written), or a ',' file that quotes a number on a later row only (a price crossing
     * 1,000: Excel quotes only the cells it writes with a comma). The preview ({@code budget}) tells that from the rows it read
     * ({@code previewQuoteBelow}, what its look found), no further; the import looks through the file. Null when nothing is decided.
     */
    static CsvHead decideIfNeeded(CsvHead head, Layout layout, String firstDate, String firstLine, Path path, String file, CsvHead.Budget budget,
                                  boolean previewQuoteBelow) {
        boolean later = head.delimiter() == ',' && !numbersNeeded(head, firstLine)
                && (budget != null ? previewQuoteBelow : quotedNumberBelow(path, file, head.above() + (head.hasHeader() ? 1 : 0)));
        return needed(head, firstDate, firstLine) || later ? decide(head, layout, firstDate, firstLine, later, path, file, budget) : null;
    }

    /**
     * Whether a row of the file below the first {@code skipped} lines quotes a number ({@link #quotesNumber}): told from the file's
     * bytes when it holds no '"' (47 MB in about 0.05 s), else from its lines up to the first such row (cheaper than weighing every
     * cell of a file that quotes only text: 47 MB of quoted symbols, 3.1-3.6 s of CPU as lines, 13-17 s weighed).
     */
    private static boolean quotedNumberBelow(Path path, String file, int skipped) {
        try {
            if (!quoteBelow(path, skipped)) return false;
        } catch (IOException e) {
            throw CsvErrors.unreadable(file, e);
        }
        try (CsvHead.Lines r = new CsvHead.Lines(path, file, null)) {
            for (int k = 0; k < skipped; k++) r.next(); // Excel's "sep=," and the header
            for (String line; (line = r.row()) != null; ) { // a cancel stops the read (Lines checks it)
                if (quotesNumber(line)) return true;
            }
            return false;
        } catch (IOException e) {
            throw CsvErrors.unreadable(file, e);
        }
    }

    /** Whether a '"' byte follows the first {@code skipped} lines. */
    private static boolean quoteBelow(Path path, int skipped) throws IOException {
        int lines = 0;
        byte[] buf = new byte[1 << 16];
        try (java.io.InputStream in = SizeAtOpen.open(path)) {
            for (int n; (n = in.read(buf)) > 0; ) {
                org.sextant.engine.jobs.Cancellation.check(); // each 64 KB: a cancel stops the read within a second, even from a slow drive
                for (int i = 0; i < n; i++) {
                    if (lines < skipped) {
                        if (buf[i] == '\n') lines++;
                    } else if (buf[i] == '"') {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** A date cell without the time of day after it: "02/01/2019 09:30" is "02/01/2019". */
    static String datePart(String cell) {
        int cut = cell.indexOf(' ');
        return cut < 0 ? cell : cell.substring(0, cut);
    }

    /**
     * {@code head} with its date order and number style decided from every row of the file (the preview: the rows its
     * budget reads), and the notes that say so; refused when a date or a number reads two ways. Its numbers are decided
     * when the first row needs it or a later row quotes one ({@code quotedLater}).
     */
    private static CsvHead decide(CsvHead head, Layout layout, String firstDate, String firstLine, boolean quotedLater, Path path, String file, CsvHead.Budget budget) {
        Matcher first = DAY_AND_MONTH_FIRST.matcher(datePart(firstDate));
        Dates dates = first.matches() ? new Dates(first.group(2)) : null;
        Numbers numbers = numbersNeeded(head, firstLine) || quotedLater ? new Numbers(head.delimiter() == ',') : null;
        List<Integer> numberCols = new ArrayList<>(layout.fields().values());
        numberCols.addAll(layout.wideCols());
        try (CsvHead.Lines r = new CsvHead.Lines(path, file, budget)) {
            for (int k = 0; k < head.above(); k++) r.next(); // Excel's "sep=;"
            if (head.hasHeader()) r.row();
            // rows as DuckDB reads them: a quoted cell may hold a line break; a cancel stops the read (Lines checks it)
            for (String line; (line = r.row()) != null; ) {
                if (line.isBlank()) continue;
                List<String> cells = CsvHead.split(line, head.delimiter());
                if (dates != null && layout.dateCol() < cells.size()) dates.see(datePart(cells.get(layout.dateCol()).trim()), r.rowLineNo());
                if (numbers == null) continue;
                for (int col : numberCols) {
                    if (col < cells.size()) numbers.see(cells.get(col).trim(), r.rowLineNo(), col);
                }
            }
        } catch (IOException e) {
            throw CsvErrors.unreadable(file, e);
        }
        List<String> notes = new ArrayList<>(head.notes()); // what the head said already: Excel's "sep=;"
        String dateFormat = dates == null ? head.dateFormat() : dates.format(layout, file);
        if (DateShape.dayOrMonthFirst(dateFormat)) notes.add(file + ": dates read as " + DateShape.shown(dateFormat) + (dates == null ? "" : dates.why()));
        Decided decided = numbers == null ? null : numbers.decide(layout, file);
        NumberStyle style = decided == null ? NumberStyle.PLAIN : decided.style();
        if (decided != null) notes.addAll(decided.notes());
        else if (style.note(file) != null) notes.add(style.note(file));
        return new CsvHead(head.header(), head.delimiter(), dateFormat, head.hasHeader(), style, List.copyOf(notes), head.above());
    }

    /** The refusal of a number cell {@code at} a place ("FILE line 3, column Close") that is no number written in {@code style}. */
    static SextantException notANumber(String column, String at, String cell, NumberStyle style) {
        boolean twoWays = TWO_SEPARATORS.matcher(cell).matches();
        return SextantException.invalid(column, at + ": " + CellText.describe(cell) + " is not a number" + (twoWays ? ": it separates thousands two ways" : ""),
                (twoWays ? "write every number with one thousands separator or none " : "write prices and volumes as numbers like the rest of this file ")
                        + "(" + (style.decimal() == ',' ? "1234,56 or 1.234,56" : "1234.56, 1,234.56 or 1'234.56") + "), or leave the cell empty when unknown");
    }

    /** A cell and where it is, for a refusal or a note: its line, and column (-1 for the date's); a number's form and its place among the cells seen. */
    private record Seen(String cell, long line, int col, SeparatorProof form, long order) {
        Seen(String cell, long line, int col) {
            this(cell, line, col, null, 0);
        }

        String at(Layout layout, String file) {
            return file + " line " + line + ", column " + layout.columnField(col);
        }
    }

    /** The rows' evidence of the order of day and month. */
    private static final class Dates {
        final String sep;
        Seen dayFirst; // a first field past 12: a day
        Seen monthFirst; // a second field past 12: a day, so the first is the month

        Dates(String sep) {
            this.sep = sep;
        }

        void see(String cell, long line) {
            Matcher m = DAY_AND_MONTH_FIRST.matcher(cell);
            if (!m.matches() || !m.group(2).equals(sep)) return; // another form: the read refuses its line
            if (dayFirst == null && Integer.parseInt(m.group(1)) > 12) dayFirst = new Seen(cell, line, -1);
            if (monthFirst == null && Integer.parseInt(m.group(3)) > 12) monthFirst = new Seen(cell, line, -1);
        }

        String format(Layout layout, String file) {
            String column = layout.columnField(layout.dateCol());
            String where = file + ", column " + column;
            String dm = "DD" + sep + "MM" + sep + "YYYY", md = "MM" + sep + "DD" + sep + "YYYY";
            if (dayFirst != null && monthFirst != null) {
                throw SextantException.invalid(column, where + ": the dates are written two ways: line " + dayFirst.line() + " '" + dayFirst.cell() + "' is " + dm
                        + " (day first), line " + monthFirst.line() + " '" + monthFirst.cell() + "' is " + md + " (month first)",
                        "rewrite every date of the column as YYYY-MM-DD, each in the order it was meant, then import again");
            }
            if (dayFirst == null && monthFirst == null) {
                throw SextantException.invalid(column, where + ": every date reads as " + dm + " or as " + md
                        + " (no day past the 12th tells which), so the order of day and month is ambiguous",
                        "rewrite the dates as YYYY-MM-DD (or day first with dots, DD.MM.YYYY), then import again");
            }
            return dayFirst != null ? "%d" + sep + "%m" + sep + "%Y" : "%m" + sep + "%d" + sep + "%Y";
        }

        /** Why the order was read so: the first row that tells it. */
        String why() {
            Seen s = dayFirst != null ? dayFirst : monthFirst;
            return " (line " + s.line() + " '" + s.cell() + "' has a day past the 12th " + (dayFirst != null ? "first" : "second") + ")";
        }
    }

    /**
     * The cells' evidence of a decimal comma or point: each form's first cell ({@link SeparatorProof}), the decision and its
     * refusals read from them. A form that reads two ways (28,868 or 28.000) is read as a proved one says, else refused; a
     * decimal comma and a decimal point proved in one file are refused. A ',' file's commas are between thousands when a
     * "28,868.80" proves it, or a decimal point outside the columns of its quoted decimal commas; else a column takes a decimal
     * comma only when every one of its numbers has one (or is a "17.000" beside a number only a decimal comma reads).
     */
    private static final class Numbers {
        final boolean commaFile;
        final java.util.EnumMap<SeparatorProof, Seen> first = new java.util.EnumMap<>(SeparatorProof.class); // each form's first cell
        long cells; // cells seen, which numbers them: the first of several forms
        boolean grouped; // a thousands separator under a decimal comma
        boolean swiss; // ' between thousands
        Seen notComma; // the first cell that is no number under a decimal comma
        Seen notPoint; // ... under a decimal point
        final java.util.Map<SeparatorProof.Column, java.util.Map<Integer, Seen>> columnCell = new java.util.EnumMap<>(SeparatorProof.Column.class); // a ',' file: each column's first cell of each kind
        final java.util.Set<Integer> pointCols = new java.util.HashSet<>(); // a ',' file's columns with a decimal point (10.50)

        Numbers(boolean commaFile) {
            this.commaFile = commaFile;
            for (SeparatorProof.Column c : SeparatorProof.Column.values()) columnCell.put(c, new java.util.HashMap<>());
        }

        void see(String cell, long line, int col) {
            if (MissingCells.missing(cell) || MissingCells.nan(cell)) return;
            SeparatorProof form = SeparatorProof.of(cell);
            Seen seen = new Seen(cell, line, col, form, cells++);
            if (form != null) first.putIfAbsent(form, seen);
            if (commaFile) {
                columnCell.get(form == null ? SeparatorProof.Column.OTHER : form.column).putIfAbsent(col, seen);
                if (form != null && form.proves(true) == SeparatorProof.Proves.DECIMAL_POINT) pointCols.add(col);
            }
            boolean underComma = COMMA_NUMBER.matcher(cell).matches();
            grouped |= underComma && !PLAIN_COMMA.matcher(cell).matches(); // a dot, ' or space between thousands
            swiss |= cell.indexOf('\'') >= 0;
            if (!underComma && notComma == null) notComma = seen;
            if (notPoint == null && !POINT_NUMBER.matcher(cell).matches()) notPoint = seen;
        }

        /** The first cell of the forms that prove {@code proves} in this file, or null. */
        private Seen first(SeparatorProof.Proves proves) {
            return first(p -> p.proves(commaFile) == proves);
        }

        private Seen first(java.util.function.Predicate<SeparatorProof> forms) {
            Seen earliest = null;
            for (java.util.Map.Entry<SeparatorProof, Seen> e : first.entrySet()) {
                if (forms.test(e.getKey()) && (earliest == null || e.getValue().order() < earliest.order())) earliest = e.getValue();
            }
            return earliest;
        }

        /** The file's number style and the notes that say why, or its refusal. */
        Decided decide(Layout layout, String file) {
            Seen us = first.get(SeparatorProof.COMMAS_BETWEEN_THOUSANDS);
            Seen point = first(SeparatorProof.Proves.DECIMAL_POINT);
            Seen comma = first(SeparatorProof.Proves.DECIMAL_COMMA);
            Seen commaTwoWays = first(SeparatorProof.Proves.COMMA_TWO_WAYS);
            Seen dotTwoWays = first(SeparatorProof.Proves.DOT_TWO_WAYS);
            Seen commaProof = comma; // a number only a decimal comma reads ("0,125"): what a note names as the proof
            if (commaFile && us == null && !pointSettlesCommas(point, comma)) {
                // no ',' between thousands proved: every number a ';' file reads with a decimal comma is one, when a number proves it
                requireWholeCommaColumns(layout, file, comma);
                Seen commaRead = first(p -> p.proves(false) == SeparatorProof.Proves.DECIMAL_COMMA || p.proves(false) == SeparatorProof.Proves.COMMA_TWO_WAYS);
                if (commaRead != null && comma == null) {
                    // a US file quotes its thousands ("22,622" shares): read as 22.622 it would be a thousand times too small
                    throw SextantException.invalid(layout.columnField(commaRead.col()), commaRead.at(layout, file) + ": " + CellText.describe(commaRead.cell())
                            + " reads as a whole number with a comma between thousands or as a decimal comma, and no number of the file tells which",
                            CsvErrors.COMMA_GROUPED_FIX + ", or give the numbers with a decimal comma their decimals (\"22,6220\")");
                }
                comma = commaRead; // its "1,000" read with the decimal comma too, noted below as the proof says (attack 29, F3)
            }
            if (comma != null && point != null) {
                Seen later = comma.line() > point.line() ? comma : point, earlier = later == comma ? point : comma;
                throw SextantException.invalid(layout.columnField(later.col()), later.at(layout, file) + ": " + CellText.describe(later.cell()) + " has "
                        + later.form().has + ", but line " + earlier.line() + " (column " + layout.columnField(earlier.col()) + ") has "
                        + earlier.form().has + " (" + CellText.describe(earlier.cell()) + "): the file writes numbers two ways",
                        "write every number of the file one way, with a decimal comma (1234,56 or 1.234,56) or with a decimal point (1234.56), then import again");
            }
            // a US file's 28,868 read with a decimal comma, or a German 28.000 with a decimal point, would be a thousand times too small: nothing is guessed
            if (comma == null && point == null && commaTwoWays != null) throw readsTwoWays(layout, file, commaTwoWays, ',');
            if (comma == null && point == null && dotTwoWays != null) throw readsTwoWays(layout, file, dotTwoWays, '.');
            NumberStyle style = comma != null ? new NumberStyle(',', grouped, commaFile)
                    : swiss || us != null || commaTwoWays != null ? new NumberStyle('.', true, false) : NumberStyle.PLAIN;
            Seen bad = style.decimal() == ',' ? notComma : style.converts() ? notPoint : null; // a plain file's bad cell: the typed read names it
            if (bad != null) throw notANumber(layout.columnField(bad.col()), bad.at(layout, file), bad.cell(), style);
            List<String> notes = new ArrayList<>();
            String usNote = usNote(style, layout, file, us, commaTwoWays);
            if (usNote != null || style.note(file) != null) notes.add(usNote != null ? usNote : style.note(file));
            if (dotTwoWays != null && (style.decimal() == '.' || commaFile)) notes.add(decidedNote(layout, file, dotTwoWays, '.', style, commaProof, point));
            if (commaTwoWays != null) notes.add(decidedNote(layout, file, commaTwoWays, ',', style, commaProof, point));
            return new Decided(style, notes);
        }

        /**
         * Whether a ',' file's decimal point (an unquoted 10.50: {@code point}) makes its quoted "1,070" a whole number, as Excel's
         * #,##0 writes one past 999: so when no number proves a decimal comma ({@code comma}: "22,7") and no column holds both a
         * quoted decimal comma and the point (a "22,622" above a 22.7 reads two ways, and a thousand-fold move is never guessed).
         */
        private boolean pointSettlesCommas(Seen point, Seen comma) {
            return point != null && comma == null && columnCell.get(SeparatorProof.Column.COMMA).keySet().stream().noneMatch(pointCols::contains);
        }

        /**
         * A ',' file's column with a quoted decimal comma in some cells and not in others reads two ways (is "22,622" 22622,
         * or 22.622?): refused at its first such cell, as its typed read would refuse it. A "17.000" counts only when no number
         * proves a decimal comma ({@code comma}).
         */
        private void requireWholeCommaColumns(Layout layout, String file, Seen comma) {
            for (java.util.Map.Entry<Integer, Seen> e : new java.util.TreeMap<>(columnCell.get(SeparatorProof.Column.COMMA)).entrySet()) {
                Seen other = columnCell.get(SeparatorProof.Column.OTHER).get(e.getKey());
                if (other == null && comma == null) other = columnCell.get(SeparatorProof.Column.DOTS).get(e.getKey()); // "22,622" beside "17.000": 22622 and 17.0, or 22.622 and 17000
                if (other == null) continue;
                Seen c = e.getValue();
                throw SextantException.invalid(layout.columnField(c.col()), c.at(layout, file) + ": " + CellText.describe(c.cell()) + " is not a plain number: its comma "
                        + "reads as a thousands separator or as a decimal comma, and line " + other.line() + " of the column (" + CellText.describe(other.cell())
                        + ") is not written with a decimal comma", CsvErrors.COMMA_GROUPED_FIX + ", or quote every number of the column with a decimal comma (\"1234,56\")");
            }
        }

        /** The refusal of a cell that reads as decimals or with {@code separator} between thousands when no number of the file tells which. */
        private static SextantException readsTwoWays(Layout layout, String file, Seen s, char separator) {
            String cell = s.cell(), decimals = cell.replace(separator, '.'), whole = cell.replace(String.valueOf(separator), "");
            String name = separator == ',' ? "comma" : "dot";
            return SextantException.invalid(layout.columnField(s.col()), s.at(layout, file) + ": " + CellText.describe(cell) + " reads as " + decimals + " (a decimal "
                    + (separator == ',' ? "comma" : "point") + ") or as " + whole + " (a " + name + " between thousands), and no number of the file tells which",
                    "write whole numbers without a thousands separator (" + whole + ") or decimals with a fourth digit (" + decimals + "0), as meant, then import again");
        }

        /** The note of a file read with ',' between thousands (28,868.80 is 28868.80; a 28,868 is said by its own note), or null. */
        private static String usNote(NumberStyle style, Layout layout, String file, Seen us, Seen commaTwoWays) {
            if (us == null && commaTwoWays == null || style.decimal() != '.') return null;
            String read = file + ": numbers read with a decimal point and ',' between thousands";
            return us == null ? read : read + ": " + CellText.describe(us.cell()) + " (line " + us.line() + ", column " + layout.columnField(us.col()) + ") is "
                    + us.cell().replace(",", "");
        }

        /**
         * The note of a file whose {@code twoWays} (28,868 or 1.125, {@code separator} before three digits) was read one way because
         * another number says so ({@code comma} or {@code point}, as {@code style} reads): "'28,639' (line 2, column Open) is 28639,
         * not 28.639, as line 2 ('251,820,000') has ',' between thousands".
         */
        private static String decidedNote(Layout layout, String file, Seen twoWays, char separator, NumberStyle style, Seen comma, Seen point) {
            String cell = twoWays.cell(), decimals = cell.replace(separator, '.'), whole = cell.replace(String.valueOf(separator), "");
            boolean decimalsRead = (style.decimal() == ',') == (separator == ','); // 28,868 under a decimal comma, 1.125 under a point
            Seen why = style.decimal() == ',' ? comma : point;
            return file + ": " + CellText.describe(cell) + " (line " + twoWays.line() + ", column " + layout.columnField(twoWays.col()) + ") is "
                    + (decimalsRead ? decimals : whole) + ", not " + (decimalsRead ? whole : decimals) + ", as line " + why.line() + " (" + CellText.describe(why.cell())
                    + ") has " + why.form().has;
        }
    }

    /** A file's number style and the notes that say why. */
    private record Decided(NumberStyle style, List<String> notes) {}
}
