// The window's external programs and plugins, started and asked on a worker thread.
#include "external_session.h"

#include "app/paths/data_dir.h"

#include <algorithm>
#include <fstream>

namespace hitlab {

std::vector<ExternalSpec> LoadExternalList(const std::string& file)
{
    std::vector<ExternalSpec> out;
    std::ifstream in(file);
    std::string line;
    while (std::getline(in, line)) {
        const std::size_t space = line.find(' ');
        if (space == std::string::npos || space + 1 >= line.size()) {
            continue;
        }
        const std::string kind = line.substr(0, space);
        if (kind == "external" || kind == "plugin") {
            out.push_back({kind == "plugin", line.substr(space + 1)});
        }
    }
    return out;
}

bool SaveExternalList(const std::string& file, const std::vector<ExternalSpec>& list)
{
    std::ofstream out(file, std::ios::trunc);
    for (const ExternalSpec& spec : list) {
        out << (spec.plugin ? "plugin " : "external ") << spec.text << '\n';
    }
    return bool(out);
}

FileStamp StampOf(const std::string& name)
{
    const std::string file = ResolvePluginPath(name); // a bundled engine plugin by name
    std::error_code ec;
    FileStamp stamp;
    stamp.time = std::filesystem::last_write_time(file, ec);
    if (ec) {
        return {};
    }
    stamp.size = std::filesystem::file_size(file, ec);
    stamp.exists = !ec;
    return stamp.exists ? stamp : FileStamp{};
}

bool ShouldReload(const FileStamp& before, const FileStamp& now) { return now.exists && !(now == before); }

std::string ExternalSourceName(const ExternalSpec& spec)
{
    return spec.plugin ? std::filesystem::path(spec.text).filename().string() : spec.text;
}

void AskTraces(AlgorithmSource& source, std::span<const AlgorithmInfo* const> views, const Query& query,
               Precision precision, std::vector<ExternalTraceView>& out)
{
    ExternalQuery asked{query, precision, {}, true};
    std::vector<std::size_t> which; // indices into source.Algorithms()
    for (std::size_t k = 0; k < source.Algorithms().size(); ++k) {
        if (source.Algorithms()[k].family == query.family) {
            asked.algorithms.push_back(source.Algorithms()[k].name);
            which.push_back(k);
        }
    }
    if (which.empty()) {
        return;
    }
    // once more after a crash: a plugin's host may have been started by an earlier worker thread,
    // whose end kills it (PluginProgram::Alive)
    ExternalAnswer answer = source.Evaluate(std::span(&asked, 1))[0];
    if (answer.status == ExternalStatus::Crashed) {
        answer = source.Evaluate(std::span(&asked, 1))[0];
    }
    for (std::size_t i = 0; i < which.size(); ++i) {
        if (!answer.Ok()) {
            out.push_back({views[which[i]], {answer.status, answer.message, {}}});
        } else if (!answer.results[i].trace.empty() || !answer.results[i].verdict.empty()) {
            out.push_back({views[which[i]], {ExternalStatus::Answered, "", {std::move(answer.results[i])}}});
        }
    }
}

ExternalSession::~ExternalSession() { Join(); }

void ExternalSession::SetListFile(const std::string& file)
{
    m_listFile = file;
    for (const ExternalSpec& spec : LoadExternalList(file)) {
        Add(spec, true);
    }
}

bool ExternalSession::Add(const ExternalSpec& spec, bool remember)
{
    if (remember && std::find(m_remembered.begin(), m_remembered.end(), spec) == m_remembered.end()) {
        m_remembered.push_back(spec);
        if (!m_listFile.empty()) {
            SaveExternalList(m_listFile, m_remembered);
        }
    }
    if (std::find(m_specs.begin(), m_specs.end(), spec) != m_specs.end()) {
        return false;
    }
    m_specs.push_back(spec);
    m_changes.push_back({Change::Adding, spec});
    return true;
}

void ExternalSession::Remove(const ExternalSpec& spec)
{
    std::erase(m_specs, spec);
    if (std::erase(m_remembered, spec) > 0 && !m_listFile.empty()) {
        SaveExternalList(m_listFile, m_remembered);
    }
    m_changes.push_back({Change::Removing, spec});
}

void ExternalSession::Reload(const ExternalSpec& spec) { m_changes.push_back({Change::Reloading, spec}); }

void ExternalSession::ApplyChanges()
{
    if (m_changes.empty()) {
        return;
    }
    for (const Change& change : m_changes) {
        if (change.kind == Change::Adding) {
            auto entry = std::make_unique<Entry>();
            entry->spec = change.spec;
            m_entries.push_back(std::move(entry));
            continue;
        }
        for (std::size_t i = 0; i < m_entries.size(); ++i) {
            if (m_entries[i]->spec != change.spec) {
                continue;
            }
            if (change.kind == Change::Removing) {
                DropAnswers(); // they point into the removed source's algorithms
                m_entries.erase(m_entries.begin() + std::ptrdiff_t(i));
            } else {
                m_entries[i]->start = true;
            }
            break;
        }
    }
    m_changes.clear();
    m_dirty = true;
    RefreshViews();
}

void ExternalSession::Join()
{
    if (m_worker.joinable()) {
        m_worker.join();
    }
    m_busy = false;
}

void ExternalSession::DropAnswers()
{
    m_answers.clear();
    m_index.clear();
    m_traces.clear(); // their views go with the sources
    m_tracePublished.reset();
    m_traceAsked.reset();
    ++m_generation;
}

void ExternalSession::RefreshViews()
{
    m_views.clear();
    for (const std::unique_ptr<Entry>& e : m_entries) {
        ExternalSourceView view;
        view.spec = e->spec;
        view.name = ExternalSourceName(e->spec);
        if (e->start) {
            view.status = "starting";
        } else if (!e->error.empty()) {
            view.status = "failed";
            view.error = e->error;
        } else {
            view.status = "running";
            view.algorithms = e->runs.viewsOf.empty() ? std::vector<const AlgorithmInfo*>() : e->runs.viewsOf[0];
        }
        m_views.push_back(std::move(view));
    }
}

void ExternalSession::Work()
{
    for (std::size_t i = 0; i < m_entries.size() && m_askAll; ++i) {
        Entry& e = *m_entries[i];
        if (!e.start) {
            continue;
        }
        e.runs = ExternalRuns{};
        e.stamp = e.spec.plugin ? StampOf(e.spec.text) : FileStamp{};
        const SourceSpec one{e.spec.plugin ? SourceKind::Plugin : SourceKind::Program, e.spec.text};
        e.error = StartExternalPrograms(std::span(&one, 1), m_timeout, e.runs);
        for (std::size_t j = 0; j < i && e.error.empty(); ++j) { // a name declared twice is refused
            const ExternalRuns& before = m_entries[j]->runs;
            for (const AlgorithmInfo& a : e.runs.views) {
                for (const AlgorithmInfo& b : before.views) {
                    if (e.error.empty() && a.family == b.family && a.name == b.name) { // the first one
                        e.error = "declares " + std::string(a.name) + ", which " +
                                  ExternalSourceName(m_entries[j]->spec) + " declares already";
                    }
                }
            }
        }
        if (!e.error.empty()) {
            e.runs = ExternalRuns{};
        }
        e.start = false;
    }
    for (const std::unique_ptr<Entry>& e : m_entries) {
        if (e->error.empty() && m_askAll) {
            AskExternalPrograms(m_scene, m_queries, e->runs);
        }
    }
    m_traceWork.clear();
    const SceneShape* a = m_traceAsked ? m_scene.Find(m_traceAsked->first.a) : nullptr;
    const SceneShape* b = m_traceAsked ? m_scene.Find(m_traceAsked->first.b) : nullptr;
    if (a != nullptr && b != nullptr) {
        const Query query = m_scene.MakeQuery(m_traceAsked->first);
        for (const std::unique_ptr<Entry>& e : m_entries) {
            for (std::size_t p = 0; p < e->runs.programs.size() && e->error.empty(); ++p) {
                AskTraces(*e->runs.programs[p], e->runs.viewsOf[p], query, m_traceAsked->second, m_traceWork);
            }
        }
    }
    m_done = true;
}

void ExternalSession::Publish()
{
    m_traces = std::move(m_traceWork);
    m_tracePublished = m_traceAsked;
    if (!m_askAll) {
        return;
    }
    m_answers.assign(m_queries.size(), {});
    m_index.clear();
    for (std::size_t i = 0; i < m_queries.size(); ++i) {
        const SceneQuery& q = m_queries[i];
        m_index[{static_cast<int>(q.family), q.a, q.b}] = i;
        for (const std::unique_ptr<Entry>& e : m_entries) {
            if (i < e->runs.perQuery.size()) {
                for (ExternalOutcome& o : e->runs.perQuery[i]) {
                    m_answers[i].push_back(std::move(o));
                }
            }
        }
    }
    for (const std::unique_ptr<Entry>& e : m_entries) {
        e->runs.perQuery.clear();
    }
    ++m_generation;
    RefreshViews();
}

bool ExternalSession::Update(const Scene& scene, const SceneEvaluator& evaluation, double now, bool wait)
{
    bool published = false;
    for (;;) {
        if (m_busy && (wait || m_done.load())) {
            Join();
            Publish();
            published = true;
        }
        if (m_busy) {
            return published;
        }
        // the worker is idle: the changes asked for, then the plugins whose file changed
        ApplyChanges();
        if (now - m_lastPoll >= kPollSeconds) {
            m_lastPoll = now;
            for (const std::unique_ptr<Entry>& e : m_entries) {
                if (e->spec.plugin && !e->start && ShouldReload(e->stamp, StampOf(e->spec.text))) {
                    e->start = true;
                    m_dirty = true;
                    ++m_hotReloads;
                }
            }
        }
        const bool askAll = m_dirty || m_askedEvaluation != evaluation.Generation();
        if (m_entries.empty() || (!askAll && SameTraced(m_traceWanted, m_traceAsked))) {
            return published;
        }
        bool restarts = false;
        for (const std::unique_ptr<Entry>& e : m_entries) {
            restarts = restarts || e->start;
        }
        if (restarts) { // the worker replaces those sources' algorithms: nothing may point into them
            DropAnswers();
            RefreshViews();
        }
        // ask again on a copy: the worker never reads what the frame edits
        m_scene = scene;
        m_askAll = askAll || restarts;
        if (m_askAll) {
            m_queries.clear();
            for (const QueryEvaluation& qe : evaluation.Queries()) {
                m_queries.push_back(qe.query);
            }
        }
        m_traceAsked = m_traceWanted;
        m_askedEvaluation = evaluation.Generation();
        m_dirty = false;
        m_busy = true;
        m_done = false;
        m_worker = std::thread([this] { Work(); });
        if (!wait) {
            return published;
        }
    }
}

std::span<const ExternalOutcome> ExternalSession::Outcomes(const SceneQuery& query) const
{
    const auto found = m_index.find({static_cast<int>(query.family), query.a, query.b});
    if (found == m_index.end() || found->second >= m_answers.size()) {
        return {};
    }
    return m_answers[found->second];
}

bool ExternalSession::SameTraced(const Traced& x, const Traced& y)
{
    return x.has_value() == y.has_value() && (!x || (x->first.family == y->first.family && x->first.a == y->first.a &&
                                                     x->first.b == y->first.b && x->second == y->second));
}

void ExternalSession::TraceQuery(const std::optional<SceneQuery>& query, Precision precision)
{
    Traced wanted;
    if (query) {
        wanted = std::make_pair(*query, precision);
    }
    m_traceWanted = wanted;
}

std::span<const ExternalTraceView> ExternalSession::Traces(const SceneQuery& query) const
{
    if (!m_tracePublished || m_tracePublished->first.family != query.family || m_tracePublished->first.a != query.a ||
        m_tracePublished->first.b != query.b) {
        return {};
    }
    return m_traces;
}

std::vector<const AlgorithmInfo*> ExternalSession::Columns(Family family) const
{
    std::vector<const AlgorithmInfo*> out;
    for (const ExternalSourceView& view : m_views) {
        for (const AlgorithmInfo* info : view.algorithms) {
            if (info->family == family) {
                out.push_back(info);
            }
        }
    }
    return out;
}

std::vector<ScenePlugin> UnloadedScenePlugins(const ExternalSession& session, const Scene& scene,
                                              const std::string& scenePath)
{
    if (scene.plugins.empty()) {
        return {};
    }
    std::vector<std::string> loaded;
    for (const ExternalSpec& spec : session.Specs()) {
        if (spec.plugin) {
            loaded.push_back(spec.text);
        }
    }
    return MissingScenePlugins(scene.plugins, scenePath, loaded);
}

} // namespace hitlab
