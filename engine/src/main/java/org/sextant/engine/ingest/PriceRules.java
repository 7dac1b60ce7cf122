package org.sextant.engine.ingest;

import org.sextant.contract.FailReason;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import org.sextant.engine.Json;
import org.sextant.engine.home.HomeFileBounds;
import org.sextant.engine.SextantException;
import tools.jackson.databind.JsonNode;

/**
 * What a row must be to be stored as a price (docs/data.md, "Refused"): numbers that are finite and
 * not NaN, a date inside a plausible range, a positive close and adjusted close, high not below low, open and close inside [low, high].
 *
 * @param minDate earliest date accepted (settings.json {@code import.min_date}, default 1800-01-01)
 * @param maxDate latest date accepted ({@code import.max_date}, default tomorrow: a provider a
 *                time zone ahead may already have today's row)
 */
public record PriceRules(LocalDate minDate, LocalDate maxDate) {
    public static final LocalDate DEFAULT_MIN = LocalDate.of(1800, 1, 1);
    /**
     * The plausible magnitudes of a price (closes at least {@link #MIN_CLOSE}; open, high, low, close,
     * adjusted close at most {@link #MAX_PRICE}) and of a volume: outside them a value is a unit or
     * typing error, and forecasts of such prices overflow (1e-300 next to 1e300).
     */
    public static final double MIN_CLOSE = 1e-9, MAX_PRICE = 1e12, MAX_VOLUME = 1e18;

    public static PriceRules defaults() {
        return new PriceRules(DEFAULT_MIN, LocalDate.now().plusDays(1));
    }

    /** The rules of settings.json's {@code import} object; defaults for what it does not set. */
    public static PriceRules load(Path settingsJson) {
        if (!Files.exists(settingsJson)) return defaults();
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(HomeFileBounds.read(settingsJson, HomeFileBounds.SETTINGS, org.sextant.engine.home.Settings.fixForTooLarge(settingsJson)));
        } catch (org.sextant.contract.HomeFile.TooLarge e) {
            throw org.sextant.engine.home.Settings.tooLarge(e);
        } catch (IOException | RuntimeException e) {
            throw new SextantException(FailReason.INVALID_INPUT, "settings file " + settingsJson + " is not valid JSON",
                    "settings.json", "fix or delete " + settingsJson + " (defaults apply when it is absent)");
        }
        // a file or an import that is not an object was read as "no rules set", without a word
        if (!root.isObject()) {
            throw new SextantException(FailReason.INVALID_INPUT, "settings file " + settingsJson + " is not a JSON object", "settings.json",
                    "write it as an object such as {\"import\": {\"min_date\": \"1800-01-01\"}}, or delete it (defaults apply when it is absent)");
        }
        JsonNode imp = root.path("import");
        if (!imp.isMissingNode() && !imp.isNull() && !imp.isObject()) {
            throw SextantException.invalid("import", "settings.json import is not an object",
                    "write it like \"import\": {\"min_date\": \"1800-01-01\", \"max_date\": \"2100-12-31\"}, or remove it for the defaults");
        }
        PriceRules d = defaults();
        PriceRules r = new PriceRules(date(imp, "min_date", d.minDate()), date(imp, "max_date", d.maxDate()));
        if (r.minDate().isAfter(r.maxDate())) {
            throw SextantException.invalid("import.min_date", "settings.json import.min_date " + r.minDate() + " is after import.max_date " + r.maxDate()
                    + ": no date could be imported", "swap the two dates, or remove the one that is wrong for its default");
        }
        return r;
    }

    private static LocalDate date(JsonNode imp, String key, LocalDate fallback) {
        JsonNode n = imp.path(key);
        if (n.isMissingNode() || n.isNull()) return fallback;
        try {
            return LocalDate.parse(n.asString());
        } catch (DateTimeParseException e) {
            throw SextantException.invalid("import." + key, "settings.json import." + key + " is not a yyyy-MM-dd date",
                    "write it like \"1800-01-01\", or remove it for the default");
        }
    }

    /** The rows of {@code relation} that break a rule, as a SQL condition (NULL open/high/low are not checked). */
    String badRowSql() {
        StringBuilder bad = new StringBuilder("symbol IS NULL OR symbol = '' OR " + Tickers.notTickerSql("symbol") + " OR close IS NULL OR close <= 0");
        for (PriceField f : PriceField.values()) {
            bad.append(" OR ").append(f.column).append(" < 0 OR isinf(").append(f.column).append(") OR isnan(").append(f.column).append(")");
        }
        bad.append(" OR date < DATE '").append(minDate).append("' OR date > DATE '").append(maxDate).append("'");
        bad.append(" OR high < low OR open < low OR open > high OR close < low OR close > high");
        bad.append(" OR close < ").append(MIN_CLOSE).append(" OR adj_close < ").append(MIN_CLOSE).append(" OR volume > ").append(MAX_VOLUME);
        for (PriceField f : PriceField.values()) if (f != PriceField.VOLUME) bad.append(" OR ").append(f.column).append(" > ").append(MAX_PRICE);
        return bad.toString();
    }
}
