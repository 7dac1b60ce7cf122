package org.sextant.engine.forecast;

import java.util.Locale;
import org.sextant.engine.SextantException;

/** Which bands a forecast shows: the model's own, conformal from walk-forward residuals, or adaptive conformal. */
public enum BandCalibration {
    MODEL, CONFORMAL, ADAPTIVE;

    /** The default: conformal bands mean what they say on real prices (docs/forecast.md, calibration benchmark). */
    public static final BandCalibration DEFAULT = CONFORMAL;

    /** The lower-case name used in the store and on the wire. */
    public String wire() { return name().toLowerCase(Locale.ROOT); }

    /** Parses model|conformal|adaptive (null: the default); anything else is invalid input on field calibration. */
    public static BandCalibration parse(String s) {
        if (s == null || s.isBlank()) return DEFAULT;
        try {
            return valueOf(s.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw SextantException.invalid("calibration", "unknown band calibration '" + s + "'", "use model, conformal or adaptive");
        }
    }
}
