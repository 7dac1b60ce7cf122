package org.sextant.engine.ingest;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;

/**
 * Lines that end in more than one way: LF, CR LF, an old Mac's lone CR, as in files joined from exports of two systems.
 * DuckDB's CSV reader takes one kind of line ending per file and fails on such a file without saying so, so the import
 * reads a copy whose every line ends with LF ({@link StagedFile}); the user's file is never written.
 */
final class LineEndings {
    private LineEndings() {}

    /** The first line ending otherwise than line 1, said with both kinds, or null when every line ends alike. */
    static String mixed(Path file) {
        try (InputStream in = SizeAtOpen.open(file)) { // a file that grows is read no further than it was (the copy refuses it)
            Judge judge = new Judge();
            byte[] buf = new byte[1 << 16];
            boolean cr = false; // a CR whose next byte (perhaps in the next chunk) says whether it ends the line alone
            for (int n; (n = in.read(buf)) > 0; ) {
                org.sextant.engine.jobs.Cancellation.check(); // a read of the whole file: a cancel stops it between buffers
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
            return null; // read as it is: the reader says the file cannot be read
        }
    }

    /**
     * Copies {@code from} to {@code out} with every line ending (CR LF, CR, LF) written as LF: as many lines, the same
     * numbers, never more bytes than the file. A fixed buffer; a cancelled job stops it between buffers.
     *
     * @throws StagedFile.Unreadable when reading {@code from} fails (a failed write is the plain IOException)
     */
    static void writeWithLf(Path from, OutputStream out) throws IOException {
        try (InputStream in = open(from)) {
            byte[] buf = new byte[1 << 16];
            byte[] lf = new byte[buf.length];
            boolean cr = false; // the last byte was a CR, written as LF: an LF after it (perhaps in the next buffer) is its pair
            for (int n; (n = StagedFile.read(in, buf)) > 0; ) {
                org.sextant.engine.jobs.Cancellation.check();
                int k = 0;
                for (int i = 0; i < n; i++) {
                    byte b = buf[i];
                    if (cr && b == '\n') {
                        cr = false;
                        continue;
                    }
                    cr = b == '\r';
                    lf[k++] = cr ? (byte) '\n' : b;
                }
                out.write(lf, 0, k);
            }
        }
    }

    /** The note of a file read with one line ending: which line first differed, and that the file was not changed. */
    static String note(String file, String mixed) {
        return file + ": its lines end in more than one way (" + mixed + "): read as if every line ended with LF (the file itself is unchanged)";
    }

    /** {@code from} opened as staging reads it: no further than its size at open, a failure said as the file's ({@link StagedFile.Unreadable}). */
    static InputStream open(Path from) throws StagedFile.Unreadable {
        try {
            return SizeAtOpen.open(from);
        } catch (IOException e) {
            throw new StagedFile.Unreadable(e);
        }
    }

    /** Counts lines and keeps the first line's ending; {@code found} says the first line that differs. */
    static final class Judge {
        private String first;
        private long line = 1;
        String found;

        /** Records that the next line ended with {@code kind}; whether a line has ended otherwise than line 1 by now. */
        boolean ended(String kind) {
            if (first == null) first = kind;
            else if (found == null && !first.equals(kind)) found = "line " + line + " ends with " + kind + " where line 1 ends with " + first;
            line++;
            return found != null;
        }
    }
}
