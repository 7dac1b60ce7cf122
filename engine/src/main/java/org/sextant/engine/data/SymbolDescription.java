package org.sextant.engine.data;

import java.util.Locale;
import org.sextant.contract.ShownText;
import org.sextant.engine.SextantException;

/**
 * What a person says an imported symbol is: its name, currency and exchange (each may be left
 * empty, which clears it). Checked here so every caller gets the same errors.
 */
public record SymbolDescription(String name, String currency, String exchange) {
    public static final int MAX_NAME_CHARS = 120;
    public static final int MAX_EXCHANGE_CHARS = 40;

    /**
     * Every described symbol's description as every read shows it, the relation (symbol, name, currency, exchange): a symbols
     * row's own field, else what the symbol was named while it had bars only (SymbolDescription#name). Read its columns with
     * {@link #read}; a filter on symbol reaches both tables.
     */
    public static final String STORED = "(SELECT symbol, coalesce(s.name, n.name) AS name, coalesce(s.currency, n.currency) AS currency, "
            + "coalesce(s.exchange, n.exchange) AS exchange FROM symbols s FULL JOIN bars_only_names n USING (symbol))";

    /**
     * The description in columns {@code at} to {@code at + 2} of {@code r} (name, currency, exchange of {@link #STORED}) as it is
     * shown: a name or exchange stored before naming refused invisible characters comes back with them escaped, so a view shows
     * no reordered text and a kept file imports back.
     */
    public static SymbolDescription read(java.sql.ResultSet r, int at) throws java.sql.SQLException {
        return new SymbolDescription(ShownText.escaped(r.getString(at)), r.getString(at + 1), ShownText.escaped(r.getString(at + 2)));
    }

    /** True when no field is given. */
    public boolean isEmpty() {
        return name == null && currency == null && exchange == null;
    }

    /** Trims each field, turns blanks into null, uppercases the currency, and refuses what cannot be one. */
    public static SymbolDescription of(String name, String currency, String exchange) {
        String n = text("name", name, MAX_NAME_CHARS, "e.g. Microsoft Corporation");
        String c = text("currency", currency, 3, "a three-letter code such as USD, EUR or CHF");
        if (c != null) {
            c = c.toUpperCase(Locale.ROOT);
            if (!c.matches("[A-Z]{3}")) {
                throw SextantException.invalid("currency", "currency '" + c + "' is not a three-letter code", "give a three-letter code such as USD, EUR or CHF, or leave it empty");
            }
        }
        String x = text("exchange", exchange, MAX_EXCHANGE_CHARS, "e.g. NASDAQ, NYSE or SIX");
        return new SymbolDescription(n, c, x);
    }

    /**
     * Writes this description into {@code symbol}'s row of the symbols table (which holds the symbols with daily prices). With
     * {@code blankKeeps} a field left empty keeps what is stored (an import's empty cell), else clears it (naming by hand).
     *
     * @return the rows changed: 0 when the symbol has no row
     */
    public int store(java.sql.Connection c, String symbol, boolean blankKeeps) throws java.sql.SQLException {
        String sql = blankKeeps ? "UPDATE symbols SET name = coalesce(?, name), currency = coalesce(?, currency), exchange = coalesce(?, exchange) WHERE symbol = ?"
                : "UPDATE symbols SET name = ?, currency = ?, exchange = ? WHERE symbol = ?";
        try (java.sql.PreparedStatement p = c.prepareStatement(sql)) {
            p.setString(1, name);
            p.setString(2, currency);
            p.setString(3, exchange);
            p.setString(4, symbol);
            return p.executeUpdate();
        }
    }

    /**
     * Naming by hand: into {@code symbol}'s symbols row when it has daily prices (dropping a name it had with
     * bars only, which would show through a field cleared here), else into bars_only_names when it has bars.
     *
     * @return false when the symbol has neither daily prices nor bars: nothing was written
     */
    public boolean name(java.sql.Connection c, String symbol) throws java.sql.SQLException {
        if (store(c, symbol, false) > 0) {
            update(c, "DELETE FROM bars_only_names WHERE symbol = ?", symbol);
            return true;
        }
        try (java.sql.PreparedStatement p = c.prepareStatement("SELECT 1 FROM bars WHERE symbol = ? LIMIT 1")) {
            p.setString(1, symbol);
            try (java.sql.ResultSet r = p.executeQuery()) {
                if (!r.next()) return false;
            }
        }
        storeBarsOnly(c, symbol);
        return true;
    }

    /** Writes this description as {@code symbol}'s bars-only name; all fields empty removes it. */
    public void storeBarsOnly(java.sql.Connection c, String symbol) throws java.sql.SQLException {
        if (isEmpty()) {
            update(c, "DELETE FROM bars_only_names WHERE symbol = ?", symbol);
            return;
        }
        try (java.sql.PreparedStatement p = c.prepareStatement("INSERT INTO bars_only_names VALUES (?, ?, ?, ?) ON CONFLICT (symbol) DO UPDATE SET "
                + "name = excluded.name, currency = excluded.currency, exchange = excluded.exchange")) {
            p.setString(1, symbol);
            p.setString(2, name);
            p.setString(3, currency);
            p.setString(4, exchange);
            p.executeUpdate();
        }
    }

    private static void update(java.sql.Connection c, String sql, String symbol) throws java.sql.SQLException {
        try (java.sql.PreparedStatement p = c.prepareStatement(sql)) {
            p.setString(1, symbol);
            p.executeUpdate();
        }
    }

    private static String text(String field, String value, int max, String example) {
        if (value == null || value.isBlank()) return null;
        String t = value.strip();
        if (t.length() > max) {
            throw SextantException.invalid(field, field + " is " + t.length() + " characters, more than " + max, "shorten it, " + example);
        }
        if (t.chars().anyMatch(Character::isISOControl)) {
            throw SextantException.invalid(field, field + " contains a control character (a tab or line break)", "type it on one line, " + example);
        }
        int hidden = t.codePoints().filter(SymbolDescription::invisible).findFirst().orElse(-1);
        if (hidden >= 0) {
            throw SextantException.invalid(field, field + " contains U+" + String.format("%04X", hidden) + ", an invisible character (a direction override, "
                    + "a line or paragraph separator, a format character); such characters are not allowed", "type it again without them, " + example);
        }
        return t;
    }

    /**
     * A character a name must not hold though it shows nothing: what {@link ShownText} escapes (controls, direction overrides,
     * isolates and marks, the other format characters such as a zero-width space or a soft hyphen, line and paragraph
     * separators), which spares the zero-width joiner and non-joiner that spell words in Persian and Indic scripts.
     */
    private static boolean invisible(int cp) {
        return ShownText.unshown(cp);
    }
}
