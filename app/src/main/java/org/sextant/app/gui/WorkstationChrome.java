package org.sextant.app.gui;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javafx.animation.PauseTransition;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyCharacterCombination;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.VBox;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.util.Duration;
import org.sextant.app.pilot.PilotNotice;
import org.sextant.engine.Version;
import org.slf4j.LoggerFactory;

/**
 * Everything around the views: the menu bar (File: import, export, settings, quit; View: each view with
 * Ctrl+1..9 and the theme; Help: documentation, shortcuts, about), the notice shown while an
 * agent drives the window, the home's warnings, and the layout remembered in SEXTANT_HOME/layout.json.
 */
public final class WorkstationChrome {
    /** How long an agent notice stays (it is a hint, not a dialog). */
    static final Duration NOTICE_TIME = Duration.seconds(8);

    private final WorkstationWindow window;
    private final Stage stage;
    private final Path layoutFile;
    private final Path settingsFile;
    private final MenuBar menus = new MenuBar();
    private final Label notice = new Label();
    private final PauseTransition noticeTimer = new PauseTransition(NOTICE_TIME);
    private final Label homeWarning = new Label();
    /** The home warnings on screen, oldest first: each stays until the click, a line each up to {@link #HOME_WARNING_LINES}. */
    private final java.util.List<String> homeWarnings = new java.util.ArrayList<>();
    static final int HOME_WARNING_LINES = 3;
    private final ToggleGroup themes = new ToggleGroup();
    private final RadioMenuItem light = new RadioMenuItem("Light theme");
    private final RadioMenuItem dark = new RadioMenuItem("Dark theme");

    /** Call on the FX thread after the views were added and before the stage is shown. */
    public WorkstationChrome(WorkstationWindow window, Stage stage, Path sextantHome) {
        this.window = window;
        this.stage = stage;
        this.layoutFile = sextantHome.resolve(WorkstationLayout.FILE);
        this.settingsFile = new org.sextant.engine.home.SextantHome(sextantHome).settingsJson();
        notice.setId("agent-notice");
        notice.setMaxWidth(Double.MAX_VALUE);
        notice.managedProperty().bind(notice.visibleProperty());
        notice.setVisible(false);
        noticeTimer.setOnFinished(e -> notice.setVisible(false));
        homeWarning.setId("home-warning");
        homeWarning.setMaxWidth(Double.MAX_VALUE);
        homeWarning.setWrapText(true);
        homeWarning.managedProperty().bind(homeWarning.visibleProperty());
        homeWarning.setVisible(false);
        homeWarning.setTooltip(new javafx.scene.control.Tooltip("Click to hide it; SEXTANT_HOME/logs/sextant.log keeps it"));
        homeWarning.setOnMouseClicked(e -> homeWarning.setVisible(false));
        menus.setId("menu-bar");
        menus.getMenus().setAll(fileMenu(), viewMenu(), helpMenu());
        window.setTop(new VBox(menus, notice, homeWarning));
    }

    private Menu fileMenu() {
        MenuItem importFiles = item("Import prices…", "menu-import", new KeyCodeCombination(KeyCode.O, KeyCombination.SHORTCUT_DOWN), () -> {
            if (window.showView("data") && window.view("data") instanceof DataView d) d.chooseFiles();
        });
        MenuItem export = item("Export query result as CSV…", "menu-export", new KeyCodeCombination(KeyCode.E, KeyCombination.SHORTCUT_DOWN), () -> {
            if (window.showView("data") && window.view("data") instanceof DataView d) d.exportResult();
        });
        MenuItem settings = item("Settings…", "menu-settings", new KeyCharacterCombination(",", KeyCombination.SHORTCUT_DOWN), this::showSettings);
        MenuItem quit = item("Quit", "menu-quit", new KeyCodeCombination(KeyCode.Q, KeyCombination.SHORTCUT_DOWN), stage::close);
        return new Menu("File", null, importFiles, export, new SeparatorMenuItem(), settings, new SeparatorMenuItem(), quit);
    }

    private Menu viewMenu() {
        Menu view = new Menu("View");
        List<String> ids = window.viewIds();
        for (int i = 0; i < ids.size(); i++) {
            String id = ids.get(i);
            String title = window.tabs().getTabs().get(i).getText();
            KeyCombination key = i < 9 ? new KeyCharacterCombination(String.valueOf(i + 1), KeyCombination.SHORTCUT_DOWN) : null;
            view.getItems().add(item(title, "menu-view-" + id, key, () -> window.showView(id)));
        }
        light.setId("menu-theme-light");
        dark.setId("menu-theme-dark");
        light.setToggleGroup(themes);
        dark.setToggleGroup(themes);
        light.setSelected(true);
        dark.setAccelerator(new KeyCodeCombination(KeyCode.D, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN));
        light.setAccelerator(new KeyCodeCombination(KeyCode.L, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN));
        themes.selectedToggleProperty().addListener((o, a, b) -> {
            if (stage.getScene() != null) (b == dark ? WorkstationTheme.DARK : WorkstationTheme.LIGHT).applyTo(stage.getScene());
        });
        // a theme picked from the menu is the person's choice: the next start opens in it too
        light.setOnAction(e -> SettingsDialogModel.rememberTheme(settingsFile, WorkstationTheme.LIGHT));
        dark.setOnAction(e -> SettingsDialogModel.rememberTheme(settingsFile, WorkstationTheme.DARK));
        view.getItems().addAll(new SeparatorMenuItem(), light, dark);
        return view;
    }

    private HelpWindow help;
    private SettingsDialog settingsDialog;

    /** Opens the Settings dialog; what it saves applies to the window at once. */
    void showSettings() {
        settingsDialog = new SettingsDialog(stage, new SettingsDialogModel(settingsFile, WorkstationTheme.of(stage.getScene())), this::apply);
        settingsDialog.show();
    }

    /** The Settings dialog opened last (null before one), for tests. */
    SettingsDialog settingsDialog() { return settingsDialog; }

    /** Puts saved settings on screen: the theme, and the chart's forecast model, horizon and bands. */
    private void apply(org.sextant.engine.home.Settings s) {
        if (s.theme() != null) setTheme(WorkstationTheme.parse(s.theme()));
        window.model().applySettings(s);
    }

    private Menu helpMenu() {
        MenuItem guide = item("User guide", "menu-guide", new KeyCodeCombination(KeyCode.F1), () -> showHelp("user-guide.md", "Sextant user guide"));
        MenuItem docs = item("Agents and MCP", "menu-docs", null, () -> showHelp("mcp.md", "Sextant for AI agents"));
        MenuItem keys = item("Keyboard shortcuts", "menu-shortcuts", null, () -> info("Keyboard shortcuts", shortcuts()));
        MenuItem about = item("About Sextant", "menu-about", null, () -> info("About Sextant",
                "Sextant " + Version.APP + "\nResearch workstation for market time series.\n"
                        + "User guide: docs/user-guide.md · agents: docs/mcp.md · local API: docs/local-api.md in the Sextant folder."));
        return new Menu("Help", null, guide, docs, keys, about);
    }

    String shortcuts() {
        StringBuilder b = new StringBuilder();
        List<String> ids = window.viewIds();
        for (int i = 0; i < ids.size() && i < 9; i++) {
            b.append("Ctrl+").append(i + 1).append("  ").append(window.tabs().getTabs().get(i).getText()).append('\n');
        }
        b.append("Ctrl+O  Import prices\nCtrl+E  Export the query result as CSV\nCtrl+Enter  Run the SQL query (Data)\n")
                .append("Delete (Backspace on a Mac)  Cancel the selected job (Jobs)\n")
                .append("Ctrl+Shift+D / Ctrl+Shift+L  Dark / light theme\nCtrl+,  Settings\nF1  User guide (searchable; Esc closes it)\nCtrl+Q  Quit\n\n")
                .append("On a chart\nDrag  zoom into a period\nWheel  zoom around the pointer\nMiddle drag  move along the dates\n")
                .append("Right click  step back out of a zoom\nCtrl+right click  the whole history\nRest the pointer  read the nearest trading day");
        return b.toString();
    }

    private void showHelp(String file, String title) {
        help = new HelpWindow(stage, file, title);
        help.show();
    }

    /** The help window opened last (null before F1), for tests. */
    HelpWindow help() { return help; }

    private void info(String title, String text) {
        Alert a = new Alert(Alert.AlertType.INFORMATION, text);
        a.initOwner(stage);
        a.setTitle(title);
        a.setHeaderText(title);
        a.show();
    }

    private static MenuItem item(String text, String id, KeyCombination key, Runnable action) {
        MenuItem m = new MenuItem(text);
        m.setId(id);
        if (key != null) m.setAccelerator(key);
        m.setOnAction(e -> action.run());
        return m;
    }

    /** Shows what an agent just did, for a few seconds. Call on the FX thread. */
    public void showNotice(PilotNotice n) {
        notice.setText(n.text());
        notice.setVisible(true);
        noticeTimer.playFromStart();
    }

    public Label notice() { return notice; }

    /**
     * Shows a warning about this home's id the person must act on (its lock given up, a claim taken back), until they click
     * it: unlike an agent's notice it does not go by itself. Warnings made before the click are all shown, a line each, the
     * first {@link #HOME_WARNING_LINES} and how many more the log holds; the click hides them all. Call on the FX thread.
     */
    public void showHomeWarning(String text) {
        if (!homeWarning.isVisible()) homeWarnings.clear();
        if (homeWarnings.contains(text)) return; // the same warning again says nothing new
        homeWarnings.add(text);
        StringBuilder lines = new StringBuilder();
        for (String w : homeWarnings.subList(0, Math.min(HOME_WARNING_LINES, homeWarnings.size()))) {
            lines.append(lines.length() == 0 ? "" : "\n").append("Warning: ").append(w);
        }
        int more = homeWarnings.size() - HOME_WARNING_LINES;
        if (more > 0) lines.append("\n(+").append(more).append(" more: see SEXTANT_HOME/logs/sextant.log)");
        homeWarning.setText(lines.toString());
        homeWarning.setVisible(true);
    }

    public Label homeWarning() { return homeWarning; }
    public MenuBar menuBar() { return menus; }

    public void setTheme(WorkstationTheme theme) {
        (theme == WorkstationTheme.DARK ? dark : light).setSelected(true);
        if (stage.getScene() != null) theme.applyTo(stage.getScene());
    }

    /** Restores the saved layout onto the stage (before it is shown) and the window. */
    public WorkstationLayout restore() {
        WorkstationLayout l = WorkstationLayout.load(layoutFile);
        stage.setWidth(l.width());
        stage.setHeight(l.height());
        if (l.x() != null && l.y() != null && onSomeScreen(l.x(), l.y(), l.width(), l.height())) {
            stage.setX(l.x());
            stage.setY(l.y());
        }
        stage.setMaximized(l.maximized());
        setDividerOnceLaidOut(l.chartDivider());
        window.openOnceListed(l.symbol(), WorkstationLayout.rangePreset(l.range()));
        if (!window.showView(l.view())) window.showView(WorkstationWindow.CHARTS);
        // the theme of settings.json (the dialog, the View menu) wins; older homes kept it only in the layout
        String theme = SettingsDialogModel.readOrDefaults(settingsFile, problem -> { }).theme();
        setTheme(WorkstationTheme.parse(theme != null ? theme : l.theme()));
        return l;
    }

    /**
     * A split pane places its divider from its children's sizes at its first layout on screen
     * (the Charts tab may open later than the window), so the saved position is applied after
     * the first layout pass that shows it.
     */
    private void setDividerOnceLaidOut(double position) {
        javafx.scene.control.SplitPane split = window.chartSplit();
        split.setDividerPositions(position);
        Scene scene = stage.getScene();
        if (scene == null) return;
        Runnable[] once = new Runnable[1];
        once[0] = () -> {
            if (split.getWidth() > 0 && WorkstationWindow.CHARTS.equals(window.shownView())) {
                scene.removePostLayoutPulseListener(once[0]);
                split.setDividerPositions(position);
            }
        };
        scene.addPostLayoutPulseListener(once[0]);
    }

    /** The layout on screen now. */
    public WorkstationLayout current() {
        double[] dividers = window.chartSplit().getDividerPositions();
        return new WorkstationLayout(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight(), stage.isMaximized(),
                dividers.length > 0 ? dividers[0] : WorkstationLayout.defaults().chartDivider(), window.shownView(),
                WorkstationTheme.of(stage.getScene()).name().toLowerCase(java.util.Locale.ROOT), window.shownSymbol(),
                window.shownRange() == null ? null : window.shownRange().label());
    }

    /** Saves {@link #current()} atomically; a failure is logged, never blocks closing. */
    public void remember() {
        try {
            current().save(layoutFile);
        } catch (IOException | RuntimeException e) {
            LoggerFactory.getLogger(WorkstationChrome.class).warn("cannot save the window layout to {}: {}", layoutFile, e.toString());
        }
    }

    /** A window saved on a screen that is gone (a detached monitor) opens where the system puts it. */
    private static boolean onSomeScreen(double x, double y, double w, double h) {
        return !Screen.getScreensForRectangle(new Rectangle2D(x, y, Math.max(1, w), Math.max(1, h))).isEmpty();
    }
}
