package org.sextant.app.gui;

import org.sextant.engine.data.SymbolInfo;

/** How a symbol is written on screen once it has a name: "IBM · International Business Machines · USD · NYSE". */
final class SymbolText {
    private SymbolText() {}

    /** Name, currency and exchange, those set, joined by " · "; empty when none is. */
    static String parts(SymbolInfo info) {
        return joined(info.name(), info.currency(), info.exchange());
    }

    /** The parts set (not null or blank), joined by " · ". */
    static String joined(String... parts) {
        StringBuilder b = new StringBuilder();
        for (String part : parts) {
            if (part != null && !part.isBlank()) b.append(b.length() == 0 ? "" : " · ").append(part);
        }
        return b.toString();
    }

    /** "IBM  International Business Machines" for lists; the ticker alone without a name. */
    static String listed(SymbolInfo info) {
        return info.name() == null || info.name().isBlank() ? info.symbol() : info.symbol() + "  " + info.name();
    }
}
