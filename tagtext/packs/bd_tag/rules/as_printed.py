"""The rules the Rules page states that change no printed text (BD-NOTES 5, 13), and which
mentions of 相手 each accounts for (the coverage report reads :data:`ROLE_RULE`).

Each is a :class:`~tagtext.packs.base.Rule` with no pass: its statement is the seed's, its
practice says what stays as printed and why."""

from __future__ import annotations

from ...base import Rule
from ..analysis import NAMED, SELECTION, TEAM, TRIGGER


def _rule(rule_id: str, title: str, statement: str, practice: str, example: tuple[str, str] | None = None) -> Rule:
    return Rule(rule_id, title, statement, practice, None, None, example)


YOU = _rule(
    "102-1", "あなた is you, never your teammate",
    "いずれかのカードの能力や効果が “あなた” を参照する場合、それはチームメイトを含みません。",
    "あなた, あなたの… and あなたのフィールド stay as printed (one field for the table: 「あなたのフィールドのユニット」 "
    "are the units you control there, 301).",
    ("⁅自動⁆あなたのドローフェイズ開始時、1枚引く。", "⁅自動⁆あなたのドローフェイズ開始時、1枚引く。"))
ALLY = _rule(
    "102-2", "味方 is you or your teammate",
    "いずれかのカードの能力や効果が “味方” を参照する場合、それはそのカードや能力や効果の支配者または支配者の"
    "チームメイトを指します。",
    "味方 stays as printed.")
OPPONENT_TEAM = _rule(
    "102", "相手チーム is the other team",
    "このルールにおいてあるプレイヤーの “相手チーム” を参照する場合、それはそのプレイヤーのチームでないチームを"
    "参照します。",
    "相手チーム stays as printed; so does a 相手 that already names its opponent (その相手, 各相手, いずれかの相手, "
    "相手1人).")
TRIGGERS = _rule(
    "201-4", "A trigger on 相手's act checks every opponent",
    "いずれかのカードの能力や効果が “相手” を参照する場合、それはそのカードや能力や効果の支配者の相手チームの"
    "プレイヤーを指します。実際にこの “相手” が個別のプレイヤーを参照するのかすべての相手を参照するのかは、"
    "効果の内容によって異なります。",
    "A trigger condition naming 相手 (「相手のエンドフェイズ開始時、」) stays as printed: any opposing player's act "
    "triggers it (BD-NOTES 13).")
ONE_CHOSEN_CARD = _rule(
    "901-2", "Choosing the opponent's card chooses its controller",
    "コマンドや能力のプレイ時や解決時、それが特定のプレイヤーを指定せずに単に “相手” の支配するカードや能力を"
    "選択する場合、それはそのコマンドや能力の支配者の相手チームのいずれかのプレイヤーが支配するカードや能力を"
    "選択します。",
    "相手の… that the ability chooses (…を対象とし, …を選ぶ) stays as printed: the card may be either opponent's. "
    "When more than one can be chosen, 901-2a adds its note.",
    ("相手のユニットを1枚対象とし、対象を手札に戻す。", "相手のユニットを1枚対象とし、対象を手札に戻す。"))
TEAM_RESULT = _rule(
    "103", "Wins and losses are the team's",
    "いずれかのプレイヤーがゲーム中になんらかの効果で勝利した場合、そのプレイヤーのいるチームが勝利します。"
    "投了はチーム内の両プレイヤーが同意した場合に宣言できます。",
    "ゲームに勝利/敗北 stays as printed: the player's team wins or loses (BD-NOTES 3).")
DAMAGE = _rule(
    "701", "Damage reveals the team's life",
    "いずれかのプレイヤーに対してプレイヤーダメージ処理が行われる際のトリガーチェックでは、そのプレイヤーが属する"
    "チームのライフゾーンの一番上のカードを公開します。",
    "Damage wording stays as printed: the trigger check reveals the top card of the damaged player's team life "
    "(none: that team loses); バスター deals 1 damage to the damaged player; ショット may be played by its owner "
    "(BD-NOTES 4). A text that reads the life gets 302's note.")
TABLE = _rule(
    "601", "One field, attacks, blocks and priority",
    "タッグ戦においては、チームは 1つのフィールド上でアタックやブロックを行います。",
    "Not text rules (601–603, 801, 1001): the attack target (the player opposite you, or a rested unit any "
    "opponent controls), who blocks (one player of the team attacked, with their own units), team priority, "
    "trigger order. Attack and block wording stays as printed (BD-NOTES 5, 13).")

#: every clarify-only rule, in the Rules page's order
RULES: tuple[Rule, ...] = (YOU, ALLY, OPPONENT_TEAM, TRIGGERS, ONE_CHOSEN_CARD, TEAM_RESULT, DAMAGE, TABLE)

#: which rule accounts for a mention no rewrite rule changes, by its role (coverage)
ROLE_RULE = {TRIGGER: TRIGGERS.id, TEAM: OPPONENT_TEAM.id, NAMED: OPPONENT_TEAM.id, SELECTION: ONE_CHOSEN_CARD.id}
