package org.sextant.engine.ingest;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * How a price file writes the time of its bars, detected from the header and the first data row:
 * one date-time column (ISO with or without a zone, epoch seconds or milliseconds, Dukascopy's
 * {@code 02.01.2020 13:30:00.000}) or separate date and time columns (MetaTrader's
 * {@code 2020.01.02,13:30}, Stooq's {@code 20200102,133000}). Times without a zone are read in
 * {@code zone} (UTC unless the import names one) and stored in UTC.
 *
 * @param format iso, iso_zoned, epoch_s, epoch_ms, dukascopy, date_time, or date (a weekly or monthly file of dates only,
 *               {@link DateSpacing}: each date its bar's time, midnight UTC, as a daily file's date is)
 * @param cols   the column(s) holding the time: one, or date then time
 * @param pattern the strptime pattern (dukascopy, date_time), else null
 * @param zone   the zone of times written without one
 */
record BarTime(String format, List<Integer> cols, String pattern, java.time.ZoneId zone) {
    BarTime(String format, List<Integer> cols, String pattern) {
        this(format, cols, pattern, java.time.ZoneOffset.UTC);
    }

    /** Whether the times carry no zone (or epoch), so that {@link #zone} says when they were. */
    boolean naive() {
        return format.equals("iso") || format.equals("date_time") || format.equals("dukascopy");
    }

    /** Whether naive times are read in a zone with clock changes, whose repeated and skipped hours {@link BarDst} resolves. */
    boolean dst() {
        return naive() && !zone.getRules().isFixedOffset();
    }

    /** The zone with clock changes naive times are read in, null when none applies (UTC, a fixed offset, times with their offset). */
    java.time.ZoneId changingZone() {
        return dst() ? zone : null;
    }

    /**
     * The zone of the file's wall clock, in which its weeks and months are counted: the zone naive times are read in; UTC
     * for times written with an offset or as epoch (stored in UTC, the offset written is not kept).
     */
    java.time.ZoneId localZone() {
        return naive() ? zone : java.time.ZoneOffset.UTC;
    }

    /** These times with naive ones read in {@code z}. */
    BarTime inZone(java.time.ZoneId z) {
        return new BarTime(format, cols, pattern, z);
    }
    /** Header names (normalized) of a single date-time column; a "date" column qualifies when its values carry a time. */
    static final Set<String> DATETIME_NAMES = Set.of("datetime", "datetimeutc", "timestamp", "timestamputc", "gmttime",
            "utctime", "localtime", "time", "opentime", "unixtime", "epoch", "dt", "date", "data", "datum");
    /**
     * Whether a (normalized) header names a date-time column: one of {@link #DATETIME_NAMES}, or datetime_ or timestamp_ with
     * a suffix (R's "datetime_zurich"), taken only when no plain name is there. A suffix never gives the zone.
     */
    static boolean timeName(String n, boolean suffixed) {
        return DATETIME_NAMES.contains(n) || (suffixed && suffixedTimeName(n));
    }

    /** A time column's name with a suffix: datetime_zurich, timestamp_ny (normalized: datetimezurich); not one of the plain names. */
    static boolean suffixedTimeName(String n) {
        return !DATETIME_NAMES.contains(n) && (n.startsWith("datetime") || n.startsWith("timestamp")) && n.length() > "datetime".length();
    }

    /** Header names (normalized) of a time-of-day column beside a date column: English, German, French, Italian, Spanish. */
    static final Set<String> CLOCK_NAMES = Set.of("time", "zeit", "uhrzeit", "heure", "ora", "hora");

    private static final String ISO = "\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?";
    private static final String ZONE = "(Z|[+-]\\d{2}(:?\\d{2})?)";

    /** The bar time of a file, or null when the file has dates only (a daily file). */
    static BarTime detect(List<String> header, List<String> row) {
        int date = -1;
        int time = -1;
        for (int i = 0; i < header.size(); i++) {
            String n = PriceField.normalize(header.get(i));
            if (PriceField.DATE.contains(n) && date < 0) date = i;
            if (CLOCK_NAMES.contains(n) && time < 0) time = i;
        }
        if (dailyPeriod(header, row)) return null;
        if (date >= 0 && time >= 0) {
            String pattern = datePattern(cell(row, date)) != null ? datePattern(cell(row, date)) : dayAndMonthPattern(cell(row, date));
            String clock = clockPattern(cell(row, time));
            if (pattern != null && clock != null) return new BarTime("date_time", List.of(date, time), pattern + " " + clock);
        }
        int best = -1;
        // plain names first; a suffixed one (datetime_zurich) only when the file has no plain one
        for (int pass = 0; pass < 2 && best < 0; pass++) {
            for (int i = 0; i < header.size(); i++) {
                String n = PriceField.normalize(header.get(i));
                if (!timeName(n, pass == 1) || valueFormat(cell(row, i)) == null) continue;
                // a UTC/GMT column wins over a local one (the R USDCHF export has both)
                if (best < 0 || (n.contains("utc") || n.contains("gmt"))) best = i;
            }
        }
        if (best < 0) return dayAndMonthTime(header, row);
        String format = valueFormat(cell(row, best));
        return new BarTime(format, List.of(best), format.equals("dukascopy") ? "%d.%m.%Y %H:%M:%S" : null);
    }

    /** Stooq's files name their period: D, W or M is a daily (weekly, monthly) file whose <TIME> is always 000000. */
    private static boolean dailyPeriod(List<String> header, List<String> row) {
        for (int i = 0; i < header.size(); i++) {
            if (PriceField.normalize(header.get(i)).equals("per")) return cell(row, i).matches("[DWM]");
        }
        return false;
    }

    /** Whether a header names a time column other than the detected one (a second, local copy): ignored on import. */
    boolean otherTimeColumn(List<String> header, int i) {
        if (cols.contains(i)) return false;
        return timeLikeName(PriceField.normalize(header.get(i)));
    }

    /** A normalized header name of some time column (datetime…, timestamp…, …time): never a price or a wide file's symbol. */
    static boolean timeLikeName(String n) {
        return n.startsWith("datetime") || n.startsWith("timestamp") || n.endsWith("time");
    }

    /** A TIMESTAMP (UTC) SQL expression of the VARCHAR column(s); NULL where a cell does not parse. */
    String sql(IntFunction<String> col) {
        String local = localSql(col);
        if (!naive() || zone.normalized().equals(java.time.ZoneOffset.UTC)) return local;
        // a fixed offset (+05:00, UTC-03:30) is plain arithmetic; DuckDB's timezone() knows only region names
        if (zone.normalized() instanceof java.time.ZoneOffset offset) return "(" + local + " - INTERVAL (" + offset.getTotalSeconds() + ") SECOND)";
        return "timezone('UTC', timezone(" + ImportBatch.literal(zone.getId()) + ", " + local + "))";
    }

    /** The time as written (no zone applied), as a TIMESTAMP SQL expression. */
    String localSql(IntFunction<String> col) {
        String a = "trim(" + col.apply(cols.get(0)) + ")";
        return switch (format) {
            case "iso" -> "TRY_CAST(replace(" + a + ", 'T', ' ') AS TIMESTAMP)";
            case "iso_zoned" -> "timezone('UTC', TRY_CAST(" + a + " AS TIMESTAMPTZ))";
            case "epoch_s" -> "timezone('UTC', to_timestamp(TRY_CAST(" + a + " AS BIGINT)))";
            case "epoch_ms" -> "timezone('UTC', epoch_ms(TRY_CAST(" + a + " AS BIGINT)))";
            case "dukascopy" -> "try_strptime(regexp_replace(" + a + ", '\\.\\d+( GMT.*)?$', ''), " + ImportBatch.literal(pattern) + ")";
            case "date" -> "try_strptime(" + a + ", " + ImportBatch.literal(pattern) + ")";
            default -> "try_strptime(" + a + (cols.size() == 1 ? "" : " || ' ' || trim(" + col.apply(cols.get(1)) + ")") + ", " + ImportBatch.literal(pattern) + ")";
        };
    }

    /** The UTC time of one row as this format reads it (the preview's Java twin of {@link #sql}); null when it does not parse. */
    java.time.LocalDateTime parse(List<String> row) {
        return toUtc(parseAsWritten(row));
    }

    /** A time as written ({@link #parseAsWritten}) in UTC: naive times read in the zone; null stays null. */
    java.time.LocalDateTime toUtc(java.time.LocalDateTime asWritten) {
        if (asWritten == null || !naive()) return asWritten;
        return asWritten.atZone(zone).withZoneSameInstant(java.time.ZoneOffset.UTC).toLocalDateTime();
    }

    /** The time of one row as written, before any zone is applied (UTC for zoned and epoch times); null when it does not parse. */
    java.time.LocalDateTime parseAsWritten(List<String> row) {
        String a = cell(row, cols.get(0));
        try {
            return switch (format) {
                case "iso" -> java.time.LocalDateTime.parse(a.replace(' ', 'T'));
                case "iso_zoned" -> java.time.OffsetDateTime.parse(a.replace(' ', 'T').replaceAll("([+-]\\d{2})$", "$1:00").replaceAll("([+-]\\d{2})(\\d{2})$", "$1:$2"))
                        .atZoneSameInstant(java.time.ZoneOffset.UTC).toLocalDateTime();
                case "epoch_s" -> java.time.LocalDateTime.ofEpochSecond(Long.parseLong(a), 0, java.time.ZoneOffset.UTC);
                case "epoch_ms" -> java.time.LocalDateTime.ofInstant(java.time.Instant.ofEpochMilli(Long.parseLong(a)), java.time.ZoneOffset.UTC);
                case "date" -> java.time.LocalDate.parse(a, java.time.format.DateTimeFormatter.ofPattern(javaPattern(pattern))).atStartOfDay();
                case "dukascopy" -> java.time.LocalDateTime.parse(a.replaceAll("\\.\\d+( GMT.*)?$", ""), java.time.format.DateTimeFormatter.ofPattern("dd.MM.yyyy HH:mm:ss"));
                default -> java.time.LocalDateTime.parse(cols.size() == 1 ? a : a + " " + cell(row, cols.get(1)), java.time.format.DateTimeFormatter.ofPattern(javaPattern(pattern)));
            };
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** strptime to java.time: the few specifiers datePattern and clockPattern produce; a day or month between separators of one digit or two, as strptime reads them. */
    private static String javaPattern(String strptime) {
        return strptime.replace("%Y%m%d", "yyyyMMdd").replace("%Y", "yyyy").replace("%m", "M").replace("%d", "d").replace("%H", "H").replace("%M", "mm").replace("%S", "ss");
    }

    /** How one cell writes a date and time, or null when it is not one this reader knows. */
    static String valueFormat(String v) {
        return firstMatch(v, new String[][] {{ISO + ZONE, "iso_zoned"}, {ISO, "iso"}, {"\\d{9,10}", "epoch_s"}, {"\\d{12,13}", "epoch_ms"},
                {"\\d{2}\\.\\d{2}\\.\\d{4} \\d{2}:\\d{2}:\\d{2}(\\.\\d+)?( GMT.*)?", "dukascopy"}});
    }

    static String datePattern(String v) {
        return firstMatch(v, new String[][] {{"\\d{4}\\.\\d{2}\\.\\d{2}", "%Y.%m.%d"}, {"\\d{4}-\\d{2}-\\d{2}", "%Y-%m-%d"},
                {"\\d{4}/\\d{2}/\\d{2}", "%Y/%m/%d"}, {"\\d{8}", "%Y%m%d"}});
    }

    private static final java.util.regex.Pattern DAY_AND_MONTH = java.util.regex.Pattern.compile("\\d{1,2}([./-])\\d{1,2}\\1\\d{4}");

    /**
     * A date with its day and month first: dots are day first (DD.MM.YYYY); the order of one with slashes or dashes is
     * decided from the whole file ({@link CsvForms}, {@link #withDateFormat}), day first until then. Null for another form.
     */
    static String dayAndMonthPattern(String v) {
        java.util.regex.Matcher m = DAY_AND_MONTH.matcher(v);
        return m.matches() ? "%d" + m.group(1) + "%m" + m.group(1) + "%Y" : null;
    }

    /** One date-time column with its day and month first ("02.01.2019 09:30", "02/01/2019 09:30:15"), or null. */
    private static BarTime dayAndMonthTime(List<String> header, List<String> row) {
        for (int i = 0; i < header.size(); i++) {
            String v = cell(row, i);
            int space = v.indexOf(' ');
            if (!timeName(PriceField.normalize(header.get(i)), true) || space < 0) continue;
            String date = dayAndMonthPattern(v.substring(0, space)), clock = clockPattern(v.substring(space + 1));
            if (date != null && clock != null && !clock.equals("%H%M%S")) return new BarTime("date_time", List.of(i), date + " " + clock);
        }
        return null;
    }

    /** These times with their date written as {@code dateFormat} (the order of day and month the whole file tells, {@link CsvForms}). */
    BarTime withDateFormat(String dateFormat) {
        return new BarTime(format, cols, dateFormat + pattern.substring(pattern.indexOf(' ')), zone);
    }

    /** The strptime pattern of the date part of date_time times ("%d.%m.%Y"), else null. */
    String datePatternOf() {
        return format.equals("date_time") ? pattern.substring(0, pattern.indexOf(' ')) : null;
    }

    static String clockPattern(String v) {
        return firstMatch(v, new String[][] {{"\\d{1,2}:\\d{2}", "%H:%M"}, {"\\d{1,2}:\\d{2}:\\d{2}", "%H:%M:%S"}, {"\\d{6}", "%H%M%S"}});
    }

    /** The answer of the first {regex, answer} pair whose regex matches the whole cell, or null. */
    private static String firstMatch(String v, String[][] patterns) {
        for (String[] p : patterns) if (v.matches(p[0])) return p[1];
        return null;
    }

    /** A MetaTrader history export has no header: its first cell is a yyyy.MM.dd date and its second a time. */
    static boolean headerlessMetaTrader(List<String> firstLine) {
        return firstLine.size() >= 6 && datePattern(cell(firstLine, 0)) != null && clockPattern(cell(firstLine, 1)) != null;
    }

    /** The columns of a MetaTrader export (4: date,time,open,high,low,close,volume; 5 adds volume and spread). */
    static List<String> metaTraderHeader(int columns) {
        List<String> h = new java.util.ArrayList<>(List.of("date", "time", "open", "high", "low", "close", "volume"));
        while (h.size() < columns) h.add("ignored_" + h.size());
        return h.subList(0, columns);
    }

    private static String cell(List<String> row, int i) {
        return i < row.size() ? row.get(i).trim().replace("\"", "").toUpperCase(Locale.ROOT) : "";
    }
}
