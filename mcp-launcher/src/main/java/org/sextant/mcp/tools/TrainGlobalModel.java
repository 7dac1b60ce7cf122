package org.sextant.mcp.tools;

import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.contract.Capabilities;
import org.sextant.mcp.envelope.ToolFailure;

/**
 * Trains the global forecaster (model {@code global}) on every stored symbol as a background job
 * in the app; the app reuses a model trained on unchanged data, so a repeat answers at once.
 */
final class TrainGlobalModel extends LauncherTool {
    TrainGlobalModel() {
        super("train_global_model", Categories.RESEARCH, ToolClass.WRITE, false,
                "Trains the global forecast model on every stored symbol as a background job and stores it in SEXTANT_HOME/models; "
                        + "poll refresh_job_status.",
                Capabilities.TRAIN_GLOBAL_MODEL.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        Map<String, Object> args = new LinkedHashMap<>();
        call.args().optionalInt("horizon").ifPresent(h -> args.put("horizon", h));
        return JobStarts.answer(call, call.context().app().call(Capabilities.TRAIN_GLOBAL_MODEL, args), "refresh_job_status", 2);
    }
}
