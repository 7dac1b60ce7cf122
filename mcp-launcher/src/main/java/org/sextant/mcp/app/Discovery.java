package org.sextant.mcp.app;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.sextant.contract.AppFile;
import org.sextant.contract.FailReason;
import org.sextant.mcp.envelope.ToolFailure;

/** The launcher's view of run/app.json: the contract's {@link AppFile}, its problems as named failures. */
public final class Discovery {
    static final String START_HINT =
            "start the Sextant app (sextant, or sextant --headless) and call again; no launcher restart is needed";

    private Discovery() {}

    /** Reads the file afresh; a missing, torn or incomplete file means the app is not there. */
    public static AppFile read(Path appJson) throws ToolFailure {
        try {
            return AppFile.read(appJson);
        } catch (NoSuchFileException e) {
            throw new ToolFailure(FailReason.APP_NOT_RUNNING, "the Sextant app is not running (no " + appJson + ")", START_HINT);
        } catch (IOException e) {
            throw new ToolFailure(FailReason.APP_NOT_RUNNING, "cannot read " + appJson + ": " + e.getMessage(), START_HINT, e);
        } catch (IllegalArgumentException e) {
            // a file caught mid-write by a non-atomic writer, or from another product: not our app
            throw new ToolFailure(FailReason.APP_NOT_RUNNING, appJson + " is not a valid Sextant discovery file: " + e.getMessage(), START_HINT, e);
        }
    }
}
