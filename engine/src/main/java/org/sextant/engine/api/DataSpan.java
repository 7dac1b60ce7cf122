package org.sextant.engine.api;

import java.time.LocalDate;
import java.util.Map;

/**
 * What an empty price answer adds so the caller can correct its dates: where the symbol's data at
 * the asked interval starts and ends ({@code first_date}, {@code last_date}) and a {@code note}.
 */
final class DataSpan {
    private DataSpan() {}

    /** {@code answer} with the span and a note when it holds no rows and the symbol has some; else as it is. */
    static Map<String, Object> noted(Map<String, Object> answer, int count, String symbol, LocalDate start, LocalDate end,
                                     LocalDate first, LocalDate last) {
        if (count > 0 || first == null || last == null || (start == null && end == null)) return answer;
        answer.put("first_date", first);
        answer.put("last_date", last);
        answer.merge("note", "no rows for " + symbol + " " + asked(start, end) + ": its data runs from " + first + " to " + last
                + "; ask for dates within that span", (before, span) -> span + "; " + before);
        return answer;
    }

    private static String asked(LocalDate start, LocalDate end) {
        if (start != null && end != null) return "from " + start + " to " + end;
        return start != null ? "from " + start + " on" : "up to " + end;
    }
}
