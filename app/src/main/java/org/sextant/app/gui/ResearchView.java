package org.sextant.app.gui;

import java.util.Objects;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.layout.BorderPane;
import org.sextant.app.gui.ResearchViewModel.CatalogueNode;
import org.sextant.app.gui.ResearchViewModel.SpecProblem;
import org.sextant.charts.EquityDrawdownChart;
import org.sextant.charts.SweepScatterChart;
import org.sextant.engine.Sextant;
import org.sextant.engine.research.run.RunInfo;

/**
 * The Research tab: compose a strategy graph from the node catalogue, validate it, run its
 * sweep, and judge the runs by their verdict, overfitting statistics and charts (see
 * {@link ResearchPane} for the layout, {@link ResearchViewModel} for the state).
 *
 * <p>The content is built, and the model loads its lists, when the tab is first shown (or a run
 * is opened): a tab nobody looks at costs the app's start nothing.
 */
public final class ResearchView implements WorkstationView {
    public static final String ID = "research";

    private final ResearchViewModel model;
    private final BorderPane root = new BorderPane();
    private ResearchPane pane;

    /** For the app: a model on the engine with results on the JavaFX thread. */
    public ResearchView(Sextant engine) {
        this(new ResearchViewModel(engine));
    }

    public ResearchView(ResearchViewModel model) {
        this.model = Objects.requireNonNull(model, "model");
        root.setId("research-view");
    }

    @Override public String id() { return ID; }
    @Override public String title() { return "Research"; }
    @Override public Node root() { return root; }

    /** Shows the stored run with this id (from the pilot queue, an agent or another view). */
    @Override
    public void open(String runId) {
        pane();
        model.selectRun(runId);
    }

    /** Another client (an agent, the CLI) may have run sweeps meanwhile. */
    @Override
    public void shown() {
        if (pane == null) {
            pane();
            return;
        }
        model.refreshRuns();
        model.refreshSession();
    }

    @Override
    public void close() {
        model.close();
    }

    /** The content, built (and the model started) on first use. Call on the FX thread. */
    ResearchPane pane() {
        if (pane == null) {
            pane = new ResearchPane(model);
            root.setCenter(pane.node());
            model.start();
        }
        return pane;
    }

    public ResearchViewModel model() { return model; }
    public ListView<CatalogueNode> catalogueList() { return pane().catalogueList(); }
    public TextArea specEditor() { return pane().specEditor(); }
    public ListView<SpecProblem> problemList() { return pane().problemList(); }
    public TableView<RunInfo> runsTable() { return pane().runsTable(); }
    public EquityDrawdownChart equityChart() { return pane().equityChart(); }
    public SweepScatterChart scatterChart() { return pane().scatterChart(); }
    public Label verdictLabel() { return pane().verdictLabel(); }
}
