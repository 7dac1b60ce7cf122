package org.sextant.engine.ingest;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import org.sextant.engine.SextantException;

/** Which price rule a refused row breaks, as an error naming the line, the column and the fix. */
final class RowRules {
    static final String OUT_OF_RANGE = CellText.OUT_OF_RANGE;
    static final String OUT_OF_RANGE_FIX = "correct the value to a finite number, or leave the cell empty when unknown";
    static final String NOT_A_NUMBER = "is not a number (NaN)";
    static final String NAN_FIX = "write the value as a number (1.2345), or leave the cell empty when it is unknown (a line needs its close)";

    static final String IMPLAUSIBLE_FIX = "correct the value (a unit or scale error?); a close lies within " + PriceRules.MIN_CLOSE + ".." + PriceRules.MAX_PRICE
            + ", other prices at most " + PriceRules.MAX_PRICE + ", a volume at most " + PriceRules.MAX_VOLUME;

    private RowRules() {}

    /** The first price field of the row (columns 5..) outside the plausible magnitudes of {@link PriceRules}, or null. */
    static PriceField implausible(ResultSet r) throws SQLException {
        for (PriceField f : PriceField.values()) {
            double x = r.getDouble(5 + f.ordinal());
            if (r.wasNull()) continue;
            if (f == PriceField.VOLUME ? x > PriceRules.MAX_VOLUME : x > PriceRules.MAX_PRICE || (closing(f) && x > 0 && x < PriceRules.MIN_CLOSE)) return f;
        }
        return null;
    }

    /** A close or an adjusted close: a price every read may take as the day's, so at least {@link PriceRules#MIN_CLOSE}. */
    private static boolean closing(PriceField f) {
        return f == PriceField.CLOSE || f == PriceField.ADJ_CLOSE;
    }

    /** What is implausible about field {@code f} of the row. */
    static String implausibleText(ResultSet r, PriceField f) throws SQLException {
        double x = r.getDouble(5 + f.ordinal());
        if (f == PriceField.VOLUME) return "the volume " + x + " is above " + PriceRules.MAX_VOLUME + ", no plausible volume";
        if (x < PriceRules.MIN_CLOSE) return "the " + (f == PriceField.CLOSE ? "close " : "adjusted close ") + x + " is below " + PriceRules.MIN_CLOSE + ", no plausible price";
        return "the " + f.column + " " + x + " is above " + PriceRules.MAX_PRICE + ", no plausible price";
    }

    /** The first price field of the row (columns 5.. in field order) that is infinite, or null. */
    static PriceField notFinite(ResultSet r) throws SQLException {
        for (PriceField f : PriceField.values()) {
            if (Double.isInfinite(r.getDouble(5 + f.ordinal()))) return f;
        }
        return null;
    }

    /** The first price field of the row that holds NaN (DuckDB's getDouble also gives NaN for NULL, hence wasNull), or null. */
    static PriceField notANumber(ResultSet r) throws SQLException {
        for (PriceField f : PriceField.values()) {
            if (Double.isNaN(r.getDouble(5 + f.ordinal())) && !r.wasNull()) return f;
        }
        return null;
    }

    /**
     * @param r     at the row: file_no, line, symbol, date, open, high, low, close, adj_close, volume
     * @param where "file line N" of that row
     */
    static SextantException refusal(ImportBatch.Source s, ResultSet r, String where, PriceRules rules) throws SQLException {
        Double[] v = new Double[PriceField.values().length];
        for (PriceField f : PriceField.values()) {
            double d = r.getDouble(5 + f.ordinal());
            v[f.ordinal()] = r.wasNull() ? null : d;
        }
        PriceField nan = notANumber(r);
        if (nan != null) return refuse(s, r, nan, where, "the " + nan.column + " " + NOT_A_NUMBER, NAN_FIX);
        PriceField huge = notFinite(r);
        if (huge != null) return refuse(s, r, huge, where, "the " + huge.column + " " + OUT_OF_RANGE, OUT_OF_RANGE_FIX);
        for (PriceField f : PriceField.values()) {
            Double x = v[f.ordinal()];
            if (x != null && x < 0) {
                return refuse(s, r, f, where, x + " is not a valid " + f.column,
                        "prices and volumes must be finite and not negative; correct the value or leave the cell empty when unknown");
            }
        }
        LocalDate date = r.getDate(4).toLocalDate();
        if (date.isBefore(rules.minDate()) || date.isAfter(rules.maxDate())) {
            String col = s.layout().header().get(s.layout().dateCol());
            return SextantException.invalid(col, where + ", column " + col + ": the date " + date + " is outside the plausible range "
                            + rules.minDate() + ".." + rules.maxDate(),
                    "correct the date; if it is right, widen import.min_date / import.max_date in settings.json");
        }
        Double open = v[PriceField.OPEN.ordinal()], high = v[PriceField.HIGH.ordinal()], low = v[PriceField.LOW.ordinal()];
        double close = v[PriceField.CLOSE.ordinal()];
        if (close <= 0) {
            return refuse(s, r, PriceField.CLOSE, where, "the close is " + close + ", not above 0",
                    "a close must be a positive price; correct it or delete the line");
        }
        Double adj = v[PriceField.ADJ_CLOSE.ordinal()];
        if (adj != null && adj <= 0) {
            // every read takes the adjusted close where there is one: a 0 there is a close of 0 (attack 26 F3)
            return refuse(s, r, PriceField.ADJ_CLOSE, where, "the adjusted close is " + adj + ", not above 0",
                    "an adjusted close must be a positive price; correct it or delete the line");
        }
        PriceField implausible = implausible(r);
        if (implausible != null) return refuse(s, r, implausible, where, implausibleText(r, implausible), IMPLAUSIBLE_FIX);
        if (high != null && low != null) {
            if (high < low) {
                return refuse(s, r, PriceField.HIGH, where, "the high " + high + " is below the low " + low,
                        "correct high or low (are the columns swapped?)");
            }
            if (open != null && (open < low || open > high)) {
                return refuse(s, r, PriceField.OPEN, where, "the open " + open + " is outside [low " + low + ", high " + high + "]",
                        "correct open, high or low: the day's open lies between its low and its high");
            }
            if (close < low || close > high) {
                return refuse(s, r, PriceField.CLOSE, where, "the close " + close + " is outside [low " + low + ", high " + high + "]",
                        "correct close, high or low: the day's close lies between its low and its high");
            }
        }
        return SextantException.invalid("paths", where + ": the row breaks a price rule", "correct the line");
    }

    private static SextantException refuse(ImportBatch.Source s, ResultSet r, PriceField f, String where, String what, String fix)
            throws SQLException {
        String col = s.layout().wide() ? r.getString(3) : s.layout().header().get(s.layout().fields().get(f));
        return SextantException.invalid(col, where + ", column " + col + ": " + what, fix);
    }
}
