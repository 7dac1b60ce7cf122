package org.sextant.contract;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * The one rule for SEXTANT_HOME/.mcp_pilot, shared by the launcher's gate and the app's queue:
 * the flag counts only as a regular file placed by hand. A symbolic link does not count (whoever
 * controls its target would control the gate), and it is never followed. This class only reads
 * the flag's attributes; nothing in Sextant creates the flag.
 */
public final class PilotFlag {
    private PilotFlag() {}

    /** Null when the flag is in place; otherwise why it does not count, e.g. "is absent", "is a directory, not a file". */
    public static String refusal(Path flag) {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(flag, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException absent) {
            return "is absent";
        } catch (IOException | RuntimeException e) {
            return "cannot be read (" + e.getClass().getSimpleName() + ")";
        }
        if (a.isSymbolicLink()) return "is a symbolic link, which does not count: the flag must be a regular file placed by hand";
        if (a.isDirectory()) return "is a directory, not a file";
        if (!a.isRegularFile()) return "is not a regular file";
        return null;
    }

    public static boolean isPlaced(Path flag) {
        return refusal(flag) == null;
    }
}
