package org.sextant.engine.ingest;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether a CSV ends its lines in more than one way. DuckDB's reader takes one kind of line ending per file
 * and fails on a file mixing LF and CR LF (files joined from exports of two systems) without saying so; read
 * only after a read failed, so the refusal can name the line instead of "cannot be read".
 */
final class LineEndings {
    private LineEndings() {}

    /** The refusal of a CSV whose lines end in more than one way, naming the first that differs; null when they end alike. */
    static org.sextant.engine.SextantException refusal(Path file, String shown) {
        String mixed = mixed(file);
        return mixed == null ? null : org.sextant.engine.SextantException.invalid("paths", shown + ": " + mixed + "; a CSV must end every line the same way",
                "convert its line endings to one kind (e.g. dos2unix, or save it again from the program that wrote it), then import it again");
    }

    /** The first line ending otherwise than line 1, said with both kinds, or null when every line ends alike. */
    static String mixed(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            Judge judge = new Judge();
            byte[] buf = new byte[1 << 16];
            boolean cr = false; // a CR whose next byte (perhaps in the next chunk) says whether it ends the line alone
            for (int n; (n = in.read(buf)) > 0; ) {
                for (int i = 0; i < n; i++) {
                    byte b = buf[i];
                    if (cr) {
                        cr = false;
                        if (judge.ended(b == '\n' ? "CR LF" : "CR")) return judge.found;
                        if (b == '\n') continue;
                    }
                    if (b == '\r') cr = true;
                    else if (b == '\n' && judge.ended("LF")) return judge.found;
                }
            }
            return cr && judge.ended("CR") ? judge.found : null;
        } catch (IOException e) {
            return null; // the caller says the file cannot be read
        }
    }

    /** Counts lines and keeps the first line's ending; {@code found} says the first line that differs. */
    private static final class Judge {
        private String first;
        private long line = 1;
        String found;

        boolean ended(String kind) {
            if (first == null) first = kind;
            else if (!first.equals(kind)) found = "line " + line + " ends with " + kind + " where line 1 ends with " + first;
            line++;
            return found != null;
        }
    }
}
