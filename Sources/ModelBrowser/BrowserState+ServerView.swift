import AmplifyModels
import ModelFilters
import ModelScreens
import ScreenValues
import SyncEngine

/// A filter of clauses asked of the server (issue 31, item 2: a view) while the model's list holds
/// only its first rows (`SyncPolicy`): ⏎ asks, the rows stream in as the server finds them (the
/// screen's filter, applied to every row, shows them), the rule says how far it got, and Esc or
/// another filter stops it. While the whole list is here, a filter is the cache's alone.
struct ServerViewRun: Sendable, Equatable {
    let number: Int
    let model: String
    /// The filter's text and the relation followed as they were applied: the view stops once
    /// the filter or the relation on screen is another.
    let filterText: String
    let relation: RecordFilter?
    let plan: FilterPlan
    var progress: ViewProgress
}

extension BrowserState {
    /// Whether a filter on this model is answered by the server as well as the cache: its list
    /// holds only the first rows (or has not been read in this session yet).
    var filterAsksTheServer: Bool {
        if case .loaded? = loadStates[model] { return false }
        if case .offline? = connectivity[model] { return false }
        return true
    }

    /// ⏎ on a filter that reads: asked of the server when the list is not all here (within the
    /// relation followed, if any).
    mutating func askServerIfNeeded() -> [BrowserEffect] {
        guard case .expression(let expression) = filterReading.applied else { return [] }
        return askServer(withinRelation(expression))
    }

    /// A typed filter as the server is asked it: within the relation followed, its clauses first.
    private func withinRelation(_ typed: FilterExpression) -> [FilterExpression] {
        relationClauses(relationFilter) + [typed]
    }

    /// A relation just followed (`f`), while the list it leads to holds only its first rows: its
    /// records (the children, or the parent by its key) are asked of the server.
    mutating func askServerForFollowed() -> [BrowserEffect] {
        guard let followed = followedRelation else { return [] }
        followedRelation = nil
        return askServer(relationClauses(followed))
    }

    private func relationClauses(_ relation: RecordFilter?) -> [FilterExpression] {
        (relation?.matches ?? []).map { .clause(FilterClause(field: $0.field, condition: .equal($0.value))) }
    }

    private mutating func askServer(_ terms: [FilterExpression]) -> [BrowserEffect] {
        guard filterAsksTheServer, let shown = currentModel, let expression = FilterExpression.all(terms) else { return [] }
        viewsAsked += 1
        let plan = FilterPlan.plan(expression, model: shown)
        serverView = ServerViewRun(
            number: viewsAsked, model: model, filterText: textFilter, relation: relationFilter, plan: plan,
            progress: ViewProgress(view: viewsAsked, state: .asking))
        return [.askServer(model: model, plan, view: viewsAsked, filter: expression.description)]
    }

    /// A view whose filter is no longer on screen stops (Esc, another filter, another model or relation).
    mutating func stopLeftView() -> [BrowserEffect] {
        guard let run = serverView, run.model != model || run.filterText != textFilter || run.relation != relationFilter else { return [] }
        serverView = nil  // a page of it that comes late is not counted (`viewProgressed`)
        return run.progress.state == .asking ? [.stopServerView(model: run.model)] : []
    }

    /// A view's progress, from its list: only the view on screen's counts.
    mutating func viewProgressed(_ progress: ViewProgress, of model: String) {
        guard var run = serverView, run.model == model, run.number == progress.view else { return }
        run.progress = progress
        serverView = run
        if case .failed(let reason) = progress.state, model == self.model {
            show("The server could not be asked for the filter: \(reason). The rows shown are the cached ones.", .error)
        }
    }

    /// What the rule says of the view, short enough to sit beside a long filter: `asking the
    /// server (scan)… 37 found, ~240,000 read`, `server: 38 found`, or that it could not ask.
    var serverViewText: String? {
        guard let run = serverView, run.model == model else { return nil }
        let found = "\(NumberText.grouped(run.progress.found)) found"
        let read = run.progress.itemsRead
        switch run.progress.state {
        case .asking: return "asking the server (\(run.plan.kind))… \(found)" + (read > 0 ? ", ~\(NumberText.grouped(read)) read" : "")
        case .done: return "server: \(found)"
        case .failed: return "the server could not be asked: cached rows only"
        }
    }

    /// What the rule says of where a filter's rows come from while the list is not all here: the
    /// view asked, the cache alone (offline), or that a filter would ask.
    var viewRuleText: String? {
        if let view = serverViewText { return view }
        if case .loaded? = loadStates[model] { return nil }
        if case .expression(let typed) = filterReading.applied, case .offline? = connectivity[model] {
            let asked = FilterExpression.all(withinRelation(typed))?.description
            guard let read = viewsRead[model]?.first(where: { $0.filter == asked }) else {
                return "offline: cached rows only (never read whole)"
            }
            return "offline: cached rows, as the server answered at \(fixedClockTime ?? RuleTexts.clockTime(read.at))"
        }
        if case .firstRows(let count)? = loadStates[model] {
            // Beyond the sync policy's first rows, only a filter's view asks the server; what
            // earlier views brought stays in the list.
            let more = (rows[model]?.totalCount ?? count) - count
            let views = more > 0 ? " and \(NumberText.grouped(more)) from views" : ""
            return "showing the first \(NumberText.grouped(count))\(views): a filter of clauses asks the server"
        }
        return nil
    }

    /// Before ⏎, under the prompt: how the filter typed will run.
    var filterPlanText: String? {
        guard filterMistake == nil, case .expression(let expression) = filterReading.applied,
              filterReading.text == textFilter, let shown = currentModel else { return nil }
        if case .loaded? = loadStates[model] {
            return "⏎ filters the \(NumberText.grouped(rows[model]?.totalCount ?? 0)) rows here (the whole list is cached)"
        }
        if case .offline? = connectivity[model] { return "offline: ⏎ filters the cached rows only" }
        let asked = FilterExpression.all(withinRelation(expression)) ?? expression
        return "⏎ asks the server: " + FilterPlan.plan(asked, model: shown).summary
    }
}

extension FilterPlan {
    /// `key lookup`, `query byCategory`, `scan`: the plan in a word or two, for the rule.
    var kind: String {
        switch self {
        case .keyLookup: "key lookup"
        case .query(let query): "query " + (query.index?.name ?? "primary key")
        case .scan: "scan"
        }
    }
}
