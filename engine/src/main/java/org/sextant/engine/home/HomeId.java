package org.sextant.engine.home;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.regex.Pattern;
import org.sextant.engine.SextantException;

/**
 * A home's own random id, kept in SEXTANT_HOME/home-id and written into the name of each backup it takes: two homes
 * sharing one backup folder then tell their backups apart (rotation, a bare restore and recover take only their own).
 */
public final class HomeId {
    public static final String FILE = "home-id";
    public static final Pattern FORM = Pattern.compile("[0-9a-f]{12}");

    private HomeId() {}

    /** This home's id, made on first use (two processes making it at once agree on the first one written). */
    public static String of(SextantHome home) {
        Path file = home.root().resolve(FILE);
        try {
            if (!Files.exists(file)) create(file);
            // bounded and regular files only, as every home file: a FIFO or a huge file put there is refused, not read
            String id = new String(org.sextant.contract.HomeFile.readBounded(file, 64), StandardCharsets.US_ASCII).strip();
            if (!FORM.matcher(id).matches()) {
                throw SextantException.invalid(FILE, file + " does not hold a home id (12 hex digits)",
                        "write into it the 12 hex digits that end this home's backup names (sextant-TIME-HOMEID.duckdb); or delete it:"
                        + " a new id is made, and the backups taken before are then another home's (restore one by naming it)");
            }
            return id;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or create the home id " + file, e);
        }
    }

    private static void create(Path file) throws IOException {
        byte[] b = new byte[6];
        new SecureRandom().nextBytes(b);
        Path tmp = Files.createTempFile(file.getParent(), ".home-id", ".tmp");
        try {
            Files.writeString(tmp, HexFormat.of().formatHex(b) + "\n", StandardCharsets.US_ASCII);
            try {
                Files.createLink(file, tmp); // whole or absent, and never replaces one another process wrote first
            } catch (FileAlreadyExistsException raced) {
                throw raced;
            } catch (IOException | UnsupportedOperationException noLinks) { // exFAT, FAT and some shares have no hard links
                Files.move(tmp, file); // not ATOMIC_MOVE with REPLACE: another process's id written first stands
            }
        } catch (FileAlreadyExistsException raced) {
            // the other process's id stands
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
