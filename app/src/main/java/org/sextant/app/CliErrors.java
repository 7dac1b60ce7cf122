package org.sextant.app;

import org.sextant.engine.SextantException;

/** One readable line (plus the fix) for a failed command, instead of a stack trace. */
final class CliErrors {
    private CliErrors() {}

    static String describe(Throwable ex) {
        if (ex instanceof SextantException e) {
            StringBuilder sb = new StringBuilder("error");
            if (e.field() != null) sb.append(" [").append(e.field()).append(']');
            sb.append(": ").append(e.getMessage());
            if (e.fix() != null) sb.append("\n  fix: ").append(e.fix());
            return sb.toString();
        }
        return "error: " + ex;
    }
}
