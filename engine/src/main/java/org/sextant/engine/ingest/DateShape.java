package org.sextant.engine.ingest;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** How a date cell the import cannot read is written ("02.01.2019" looks like DD.MM.YYYY), for the fix of its refusal. */
final class DateShape {
    private DateShape() {}

    private static final Pattern DAY_FIRST_OR_MONTH_FIRST = Pattern.compile("(\\d{1,2})([./-])(\\d{1,2})\\2(\\d{4}|\\d{2})");
    private static final Pattern YEAR_FIRST = Pattern.compile("\\d{4}([./-])\\d{1,2}\\1\\d{1,2}");

    /** The form a person reads in {@code cell} (spaces cut), e.g. "DD.MM.YYYY"; null for one not like a date. */
    static String of(String cell) {
        Matcher m = DAY_FIRST_OR_MONTH_FIRST.matcher(cell);
        if (m.matches()) {
            String sep = m.group(2), year = m.group(4).length() == 2 ? "YY" : "YYYY";
            String dayFirst = "DD" + sep + "MM" + sep + year, monthFirst = "MM" + sep + "DD" + sep + year;
            if (sep.equals(".") || Integer.parseInt(m.group(1)) > 12) return dayFirst; // dots: the European order
            if (Integer.parseInt(m.group(3)) > 12) return monthFirst;
            return dayFirst + " or " + monthFirst;
        }
        Matcher y = YEAR_FIRST.matcher(cell);
        if (y.matches()) return "YYYY" + y.group(1) + "MM" + y.group(1) + "DD";
        return null;
    }

    /**
     * The fix of a date cell that does not read as {@code dateFormat} (the form the file's first row set): that form, and the
     * form {@code cell} looks like when it looks like one.
     */
    static String fix(String dateFormat, String cell) {
        String seen = of(cell);
        String looks = seen == null ? "" : ": '" + org.sextant.contract.ShownText.escaped(cell) + "' looks like " + seen;
        if ("%Y%m%d".equals(dateFormat)) return "write dates as YYYYMMDD, like the first row of this file (or every one as YYYY-MM-DD)" + looks;
        if (dayOrMonthFirst(dateFormat)) return "write dates as " + shown(dateFormat) + ", like the rest of this file (or every one as YYYY-MM-DD)" + looks;
        return "write dates as YYYY-MM-DD (or YYYYMMDD, DD.MM.YYYY, DD/MM/YYYY)" + looks;
    }

    /** Whether a file's date format (a strptime pattern) has the day or the month first: what its import notes. */
    static boolean dayOrMonthFirst(String dateFormat) {
        return dateFormat != null && (dateFormat.startsWith("%d") || dateFormat.startsWith("%m"));
    }

    /** A strptime pattern as a person writes it: "%d.%m.%Y" is DD.MM.YYYY. */
    static String shown(String dateFormat) {
        return dateFormat.replace("%d", "DD").replace("%m", "MM").replace("%Y", "YYYY");
    }

    /** The java.time twin of a file's date format: a day or month of one digit or two, as DuckDB's strptime reads them. */
    static java.time.format.DateTimeFormatter javaFormat(String dateFormat) {
        if ("%Y%m%d".equals(dateFormat)) return java.time.format.DateTimeFormatter.BASIC_ISO_DATE;
        if (!dayOrMonthFirst(dateFormat)) return java.time.format.DateTimeFormatter.ISO_LOCAL_DATE;
        return java.time.format.DateTimeFormatter.ofPattern(dateFormat.replace("%d", "d").replace("%m", "M").replace("%Y", "uuuu"))
                .withResolverStyle(java.time.format.ResolverStyle.STRICT);
    }
}
