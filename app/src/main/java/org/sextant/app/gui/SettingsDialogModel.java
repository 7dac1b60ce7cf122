package org.sextant.app.gui;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.home.Settings;
import org.slf4j.LoggerFactory;

/**
 * State of the Settings dialog without a screen: what settings.json holds (default provider,
 * each provider's API key, theme, the chart's forecast model, horizon and bands), edited here and
 * written back by {@link #save()}. A key is never held in a property a view could show: the
 * dialog knows only whether one is set, and takes a replacement typed into a password field.
 * A settings.json that cannot be read is shown as its error, and nothing is saved over it.
 */
public final class SettingsDialogModel {
    private final Path file;
    private Settings loaded;
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error");
    private final StringProperty defaultProvider = new SimpleStringProperty(this, "defaultProvider");
    private final ObjectProperty<WorkstationTheme> theme = new SimpleObjectProperty<>(this, "theme", WorkstationTheme.LIGHT);
    private final StringProperty model = new SimpleStringProperty(this, "model", Sextant.DEFAULT_FORECAST_MODEL);
    private final StringProperty horizon = new SimpleStringProperty(this, "horizon", String.valueOf(Sextant.DEFAULT_FORECAST_HORIZON));
    private final ObjectProperty<FanLevels> bands = new SimpleObjectProperty<>(this, "bands", FanLevels.ALL);
    private final Map<String, StringProperty> newKeys = new LinkedHashMap<>();
    private final Map<String, BooleanProperty> removeKeys = new LinkedHashMap<>();

    /** @param shownTheme the theme on screen, the dialog's choice when settings.json names none */
    public SettingsDialogModel(Path settingsFile, WorkstationTheme shownTheme) {
        this.file = Objects.requireNonNull(settingsFile, "settingsFile");
        Settings s;
        try {
            s = Settings.load(file);
        } catch (SextantException e) {
            error.set(e.getMessage() + ". " + e.fix());
            s = null;
        }
        loaded = s;
        Settings shown = s == null ? Settings.defaults() : s;
        defaultProvider.set(shown.defaultProvider());
        for (String name : shown.providers().keySet()) {
            newKeys.put(name, new SimpleStringProperty(this, "newKey." + name, ""));
            removeKeys.put(name, new SimpleBooleanProperty(this, "removeKey." + name));
        }
        theme.set(shown.theme() != null ? WorkstationTheme.parse(shown.theme()) : shownTheme == null ? WorkstationTheme.LIGHT : shownTheme);
        if (shown.forecastModel() != null) model.set(shown.forecastModel());
        if (shown.forecastHorizon() != null) horizon.set(String.valueOf(shown.forecastHorizon()));
        FanLevels drawn = FanLevels.of(shown.bandLevels());
        if (drawn != null) bands.set(drawn);
        // a refused save's reason goes once the person edits (an unreadable file's stays)
        javafx.beans.InvalidationListener edited = o -> {
            if (loaded != null) error.set(null);
        };
        for (javafx.beans.Observable p : List.of(defaultProvider, theme, model, horizon, bands)) p.addListener(edited);
        newKeys.values().forEach(k -> k.addListener(edited));
        removeKeys.values().forEach(k -> k.addListener(edited));
    }

    /** settings.json read, or the defaults when it cannot be (the reason goes to {@code onError} as a sentence with its fix). */
    static Settings readOrDefaults(Path file, Consumer<String> onError) {
        try {
            return Settings.load(file);
        } catch (SextantException e) {
            LoggerFactory.getLogger(SettingsDialogModel.class).warn("{} ({})", e.getMessage(), e.fix());
            onError.accept(e.getMessage() + ". " + e.fix());
            return Settings.defaults();
        }
    }

    /**
     * Records the theme chosen from the View menu in settings.json (so the next start opens in
     * it); an unreadable file is left alone and the failure logged.
     */
    static void rememberTheme(Path file, WorkstationTheme theme) {
        try {
            Settings s = Settings.load(file);
            new Settings(s.defaultProvider(), s.providers(), theme.name().toLowerCase(Locale.ROOT), s.forecastModel(),
                    s.forecastHorizon(), s.bandLevels()).save(file);
        } catch (SextantException | IOException e) {
            LoggerFactory.getLogger(SettingsDialogModel.class).warn("cannot remember the theme in {}: {}", file, e.toString());
        }
    }

    /** Whether settings.json could be read: when not, the dialog shows why and cannot save. */
    public boolean canSave() { return loaded != null; }

    /** The providers by name, in settings.json's order. */
    public List<String> providers() { return List.copyOf(newKeys.keySet()); }

    /** "set" or "not set": all the dialog ever says about a stored key. */
    public String keyState(String provider) {
        Settings.Provider p = loaded == null ? null : loaded.providers().get(provider);
        return p != null && p.apiKey() != null && !p.apiKey().isEmpty() ? "set" : "not set";
    }

    /** A replacement key typed for {@code provider} (empty: keep the stored one). */
    public StringProperty newKeyProperty(String provider) { return newKeys.get(provider); }

    /** Whether the stored key of {@code provider} is removed on save. */
    public BooleanProperty removeKeyProperty(String provider) { return removeKeys.get(provider); }

    public List<String> models() { return org.sextant.engine.forecast.ForecastModels.names(); }

    public StringProperty defaultProviderProperty() { return defaultProvider; }
    public ObjectProperty<WorkstationTheme> themeProperty() { return theme; }
    public StringProperty modelProperty() { return model; }
    /** Business days, as typed. */
    public StringProperty horizonProperty() { return horizon; }
    public ObjectProperty<FanLevels> bandsProperty() { return bands; }

    /** Why settings.json cannot be read or the last save failed (field and fix); null when fine. */
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }

    /** The settings the dialog shows now, checked as settings.json would be; throws naming the field. */
    Settings edited() {
        String h = horizon.get() == null ? "" : horizon.get().trim();
        Integer days;
        try {
            days = Integer.valueOf(h);
        } catch (NumberFormatException e) {
            throw SextantException.invalid("forecast_horizon", "forecast_horizon (Horizon) '" + h + "' is not a whole number of trading days",
                    "type a number of trading days (of the series' own week) from 1 to " + org.sextant.contract.Bounds.MAX_HORIZON + ", e.g. " + Sextant.DEFAULT_FORECAST_HORIZON);
        }
        Map<String, Settings.Provider> providers = new LinkedHashMap<>();
        loaded.providers().forEach((name, p) -> {
            String typed = newKeys.get(name).get() == null ? "" : newKeys.get(name).get().strip();
            String key = removeKeys.get(name).get() ? null : typed.isEmpty() ? p.apiKey() : typed;
            providers.put(name, new Settings.Provider(p.urlTemplate(), key));
        });
        Settings s = new Settings(defaultProvider.get(), providers, theme.get().name().toLowerCase(Locale.ROOT), model.get(), days,
                bands.get().levels());
        s.check(Path.of("settings.json")); // the dialog names the setting; where the file lives is no help here
        return s;
    }

    /**
     * Writes the dialog's settings to settings.json (keys it does not edit are kept) and returns
     * them; null when refused or failed, with the reason in {@link #errorProperty()}.
     */
    public Settings save() {
        if (loaded == null) return null; // the error already says how to fix the file by hand
        try {
            Settings s = edited();
            s.save(file);
            loaded = s;
            error.set(null);
            newKeys.values().forEach(k -> k.set(""));
            return s;
        } catch (SextantException e) {
            error.set(e.getMessage() + ". " + e.fix());
        } catch (IOException e) {
            error.set("cannot write " + file + ": " + e.getMessage() + ". Check that the folder is writable and the disk not full");
        }
        return null;
    }
}
