package org.sextant.app.gui;

import org.sextant.engine.data.SymbolInfo;

/** How a symbol is written on screen once it has a name: "IBM · International Business Machines · USD · NYSE". */
final class SymbolText {
    private SymbolText() {}

    /** Name, currency and exchange, those set, joined by " · "; empty when none is. */
    static String parts(SymbolInfo info) {
        StringBuilder b = new StringBuilder();
        for (String part : new String[] {info.name(), info.currency(), info.exchange()}) {
            if (part != null && !part.isBlank()) b.append(b.length() == 0 ? "" : " · ").append(part);
        }
        return b.toString();
    }

    /** The ticker, then its {@link #parts} when any is set. */
    static String heading(SymbolInfo info) {
        String p = parts(info);
        return p.isEmpty() ? info.symbol() : info.symbol() + " · " + p;
    }

    /** "IBM  International Business Machines" for lists; the ticker alone without a name. */
    static String listed(SymbolInfo info) {
        return info.name() == null || info.name().isBlank() ? info.symbol() : info.symbol() + "  " + info.name();
    }
}
