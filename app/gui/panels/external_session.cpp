// The window's external programs and plugins, asked on a worker thread.
#include "external_session.h"

#include <filesystem>

namespace hitlab {

ExternalSession::~ExternalSession() { Join(); }

std::string ExternalSession::Start(const std::vector<std::string>& commands, const std::vector<std::string>& plugins,
                                   std::chrono::milliseconds timeout)
{
    Join();
    m_runs = ExternalRuns{};
    m_answers.clear();
    m_index.clear();
    m_asked = false;
    ++m_generation;
    const std::string error = StartExternalPrograms(commands, timeout, m_runs, plugins);
    if (!error.empty()) {
        m_runs = ExternalRuns{};
    }
    return error;
}

void ExternalSession::Join()
{
    if (m_worker.joinable()) {
        m_worker.join();
    }
    m_busy = false;
}

bool ExternalSession::Update(const Scene& scene, const SceneEvaluator& evaluation, bool wait)
{
    if (Empty()) {
        return false;
    }
    bool published = false;
    for (;;) {
        if (m_busy && (wait || m_done.load())) {
            Join();
            m_answers = std::move(m_runs.perQuery);
            m_runs.perQuery.clear();
            m_index.clear();
            for (std::size_t i = 0; i < m_queries.size(); ++i) {
                const SceneQuery& q = m_queries[i];
                m_index[{static_cast<int>(q.family), q.a, q.b}] = i;
            }
            ++m_generation;
            published = true;
        }
        if (m_busy || (m_asked && m_askedEvaluation == evaluation.Generation())) {
            return published;
        }
        // ask again on a copy: the worker never reads what the frame edits
        m_scene = scene;
        m_queries.clear();
        for (const QueryEvaluation& qe : evaluation.Queries()) {
            m_queries.push_back(qe.query);
        }
        m_askedEvaluation = evaluation.Generation();
        m_asked = true;
        m_busy = true;
        m_done = false;
        m_worker = std::thread([this] {
            AskExternalPrograms(m_scene, m_queries, m_runs);
            m_done = true;
        });
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

std::vector<const AlgorithmInfo*> ExternalSession::Columns(Family family) const
{
    std::vector<const AlgorithmInfo*> out;
    for (const std::vector<const AlgorithmInfo*>& views : m_runs.viewsOf) {
        for (const AlgorithmInfo* info : views) {
            if (info->family == family) {
                out.push_back(info);
            }
        }
    }
    return out;
}

std::vector<ExternalSourceView> ExternalSession::Sources() const
{
    std::vector<ExternalSourceView> out;
    for (std::size_t p = 0; p < m_runs.programs.size(); ++p) {
        const AlgorithmSource& source = *m_runs.programs[p];
        ExternalSourceView view;
        view.kind = source.Kind();
        view.name = std::string(view.kind) == "plugin" ? std::filesystem::path(source.Command()).filename().string()
                                                       : source.Command();
        view.algorithms = m_runs.viewsOf[p];
        out.push_back(std::move(view));
    }
    return out;
}

} // namespace hitlab
