"""Statement patterns for the rule extractor, English and Chinese, as plain data.

Each :class:`StatementPattern` is a regular expression over one sentence with a named group
``obj`` (the object phrase) and optionally ``neg`` (a negation cue before the verb) and
``subj``/``rel`` (who is speaking about whom: "I" → the user; "my mom" → the person 妈妈/mom).
English patterns run on a normalised sentence (lower case, contractions expanded), Chinese
patterns on the sentence as written.

Why these shapes: the design's Phase 1 asks for common first-person statements (bought, live
in, like, moved to, use, my new X …); anything subtler is the LLM tier's job. Patterns are
ordered: a more specific pattern ("no longer like") claims its verb span before a general one
("like") can.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# -- shared pieces ------------------------------------------------------------------------------

EN_REL = (r"mom|mother|mum|dad|father|wife|husband|partner|girlfriend|boyfriend|sister|brother|"
          r"son|daughter|friend|boss|colleague|roommate|grandma|grandpa|aunt|uncle|cousin")
#: English clause start + subject ("i", "we", "my mom") + optional adverbs
#: "and" stands for the sentence's own subject in a second verb phrase ("I quit X and joined Y");
#: the extractor resolves it from the start of the sentence (rule_engine._subject)
_EN_SUBJ = (r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i|we|and|my (?P<rel>" + EN_REL + r"))\s+"
            r"(?:(?:just|recently|finally|really|also|still|now|actually|already|totally|"
            r"absolutely|usually|often|always|sometimes|truly|honestly|definitely|especially|"
            r"mostly|even|so|kind of|sort of|have|has|had|am|is|was|were|are)\s+)*?")
_EN_NEG = r"(?P<neg>(?:do|does|did) not\s+|never\s+|no longer\s+|not\s+|cannot\s+)?"
_EN_OBJ = r"\s+(?P<obj>[^.,;:!?\"()]+)"

_ZH_REL = (r"妈妈|妈|爸爸|爸|老婆|老公|妻子|丈夫|女朋友|男朋友|朋友|同事|姐姐|妹妹|哥哥|弟弟|儿子|"
           r"女儿|奶奶|爷爷|外婆|外公|室友|老板")
_ZH_TIME = (r"昨天|今天|前天|上周末|上周|上星期|上个星期|上个月|去年|前年|最近|刚刚|刚才|今早|今晚|"
            r"早上|晚上|下午|周末|这周|本周|这个月|现在|平时")
_ZH_ADV = r"也|还|都|一直|很|非常|特别|超级|超|真的|已经|终于|刚|经常|总是|其实|本来|又|就|才|挺|比较|更"
#: Chinese clause start + optional subject (我 / 我们 / 我妈妈) + time words and adverbs
_ZH_SUBJ = (r"(?:^|(?<=[，,。！？!?；;：:\s]))(?:(?:" + _ZH_TIME + r")[，,]?)?"
            r"(?P<subj>我们|我(?:的)?(?P<rel>" + _ZH_REL + r")|我)?"
            r"(?:(?:" + _ZH_TIME + r"|" + _ZH_ADV + r")[，,]?)*")
_ZH_NEG = r"(?P<neg>不再|从来没有|从来没|从没有|从没|没有|没|不)?"
_ZH_OBJ = r"(?P<obj>[^，,。！？!?；;：:\s、]{1,24})"


@dataclass(frozen=True, slots=True)
class StatementPattern:
    key: str
    lang: str  # en | zh
    regex: re.Pattern[str]
    predicate: str
    #: type given to an object no catalog/hint/lexicon entry types
    object_type: str
    directness: str = "explicit"
    #: also emit a trait claim (kind "trait") with value = the object, e.g. residence
    trait: str | None = None
    #: the pattern itself is a negation ("no longer like", 不再喜欢): claim negated
    negated: bool = False
    #: time hint implied by the verb form ("lived in" → past)
    time_hint: str | None = None
    #: split "jazz and classical" into two objects
    coordinated: bool = True
    #: a negation cue turns the claim into this predicate instead of negating it
    neg_predicate: str | None = None
    #: the object is this fixed value, not the matched phrase ("started eating meat again" ends
    #: the diet "vegetarian"; 吃素 states it)
    fixed_object: str | None = None


def _en(key: str, verbs: str, predicate: str, object_type: str, **kw) -> StatementPattern:
    rx = re.compile(_EN_SUBJ + _EN_NEG + r"(?P<verb>" + verbs + r")" + _EN_OBJ)
    return StatementPattern(key, "en", rx, predicate, object_type, **kw)


def _raw(key: str, lang: str, regex: str, predicate: str, object_type: str, **kw) -> StatementPattern:
    """A pattern whose shape the helpers cannot build (object before the verb: "our cat Mochi
    died", 把旧车卖了). The regex still names ``subj``, ``verb`` and ``obj`` (``obj`` may be
    empty when ``fixed_object`` gives the value)."""
    return StatementPattern(key, lang, re.compile(regex), predicate, object_type, **kw)


_EN_PET = r"(?:cat|dog|kitten|puppy|rabbit|bunny|hamster|parrot|bird|fish|turtle|guinea pig)"
_ZH_PET = r"(?:猫咪|小猫|猫|小狗|狗狗|狗|兔子|仓鼠|鹦鹉|乌龟|金鱼)"
_EN_DIET = r"(?P<obj>vegetarian|vegan|pescatarian)"


def _zh(key: str, verbs: str, predicate: str, object_type: str, *, tail: str = "",
        **kw) -> StatementPattern:
    rx = re.compile(_ZH_SUBJ + _ZH_NEG + r"(?P<verb>" + verbs + r")" + _ZH_OBJ + tail)
    return StatementPattern(key, "zh", rx, predicate, object_type, **kw)


PATTERNS: tuple[StatementPattern, ...] = (
    # -- English --------------------------------------------------------------------------------
    _en("en_like_no_longer", r"(?:no longer|do not|does not) (?:like|love|enjoy)s?(?= .* any ?more)|"
        r"no longer (?:like|love|enjoy)s?", "LIKES", "topic", negated=True, trait="preference"),
    _en("en_dislike", r"dislikes?|hates?|(?:can ?not|cannot) stand|(?:do|does) not (?:like|enjoy)s?",
        "DISLIKES", "topic", trait="preference"),
    _en("en_like", r"(?:really )?(?:likes?|loves?|enjoys?|adores?|am into|am a (?:big )?fan of|"
        r"am obsessed with)", "LIKES", "topic", trait="preference"),
    _en("en_bought", r"bought|purchased|ordered|picked up|got(?= (?:a|an|the|my|me|myself|some|"
        r"new|two|three) )", "BOUGHT", "product", coordinated=True),
    _en("en_moved", r"(?:moved|relocated) (?:to|into)|moved house to", "MOVED_TO", "place",
        trait="residence", coordinated=False),
    _en("en_lived", r"used to live in|lived in", "LIVES_IN", "place", time_hint="past",
        coordinated=False),
    _en("en_live", r"lives? in|living in|am based in|reside in", "LIVES_IN", "place",
        trait="residence", coordinated=False),
    # work: start, change, end (WORKS_AT is exclusive: a new employer supersedes the old one)
    _en("en_work_end", r"quit(?: my job)?(?: at)?|left(?: my job)?(?: at)?|resigned from|retired from|"
        r"stopped working (?:at|for)|(?:was|got) (?:laid off|let go|fired) (?:from|by)", "WORKS_AT",
        "organization", negated=True, trait="employer", coordinated=False),
    _en("en_work_at", r"works? (?:at|for)|working (?:at|for)|joined|started (?:working )?(?:at|for)|"
        r"got a job (?:at|with)|am employed (?:at|by)|now work (?:at|for)", "WORKS_AT", "organization",
        trait="employer", coordinated=False),
    # vehicle
    _en("en_vehicle_end", r"sold|got rid of|traded in|totaled|totalled|scrapped", "DRIVES", "vehicle",
        negated=True, trait="vehicle", coordinated=False),
    _en("en_drive", r"drives?|driving|now drive", "DRIVES", "vehicle", trait="vehicle", coordinated=False),
    # pets: start and end (death, rehoming); "pet" holds several values, one per animal
    _raw("en_pet_end", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>our|my) (?:pet |old |sweet )?" + _EN_PET +
         r",? (?P<obj>[a-z][a-z'\-]+),? (?:just |sadly |finally )?(?P<verb>died|passed away|was put down|"
         r"had to be put down|ran away|went missing)", "HAS_PET", "animal", negated=True, trait="pet",
         coordinated=False),
    _en("en_pet_rehome", r"gave away|rehomed|had to rehome|gave up", "HAS_PET", "animal", negated=True,
        trait="pet", coordinated=False),
    _raw("en_pet_named", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i|we)(?: just| finally)? (?P<verb>have|has|got|"
         r"adopted|rescued) (?:a|an|one|our|my) (?:new )?" + _EN_PET + r" (?:named|called) (?P<obj>[a-z][a-z'\-]+)",
         "HAS_PET", "animal", trait="pet", coordinated=False),
    # diet
    _raw("en_diet_end", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i)(?: am)? (?P<verb>(?:no longer|not) (?:a )?|"
         r"stopped being (?:a )?|quit being (?:a )?|gave up being (?:a )?)" + _EN_DIET,
         "FOLLOWS_DIET", "topic", negated=True, trait="diet", coordinated=False),
    _raw("en_diet_meat", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i)(?: have)? (?P<verb>started eating meat|"
         r"eat meat again|am eating meat again|went back to eating meat)(?P<obj>)",
         "FOLLOWS_DIET", "topic", negated=True, trait="diet", coordinated=False,
         fixed_object="vegetarian"),
    _raw("en_diet", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i)(?: have been| am| became| went| turned)"
         r"(?P<verb> (?:a |fully |strictly )?)" + _EN_DIET, "FOLLOWS_DIET", "topic", trait="diet",
         coordinated=False),
    _en("en_work_on", r"works? on|working on", "WORKS_ON", "project", coordinated=False),
    _en("en_use", r"(?:have been |been |am |started |keep )?using|uses?(?! to )|switched to",
        "USES", "software"),
    _en("en_visited", r"visited|went to|have been to|been to|traveled to|travelled to|"
        r"took a trip to", "VISITED", "place"),
    # relationship (partner / spouse: exclusive), school (exclusive), health (several at once)
    _en("en_divorce", r"got divorced from|divorced|separated from", "MARRIED_TO", "person", negated=True,
        trait="spouse", coordinated=False),
    _en("en_relationship_end", r"broke up with|split up with", "DATING", "person", negated=True, trait="partner",
        coordinated=False),
    _en("en_married", r"got married to|married|am married to", "MARRIED_TO", "person", trait="spouse",
        coordinated=False),
    _en("en_dating", r"am dating|started dating|am seeing|am in a relationship with|got together with",
        "DATING", "person", trait="partner", coordinated=False),
    _en("en_school_end", r"graduated from|dropped out of|finished (?:my )?(?:studies|degree) at|left school at",
        "STUDIES_AT", "organization", negated=True, trait="school", coordinated=False),
    _en("en_school", r"study at|studying at|am a student at|am enrolled at|enrolled at|started (?:studying )?at "
        r"(?=[^.,;]*(?:university|college|school|institute|academy))|go to school at|"
        r"attend(?=[^.,;]*(?:university|college|school|institute|academy))",
        "STUDIES_AT", "organization", trait="school", coordinated=False),
    _en("en_health_end", r"recovered from|got over|am cured of|no longer have", "HAS_CONDITION", "topic",
        negated=True, trait="health", coordinated=False),
    _en("en_health", r"was diagnosed with|got diagnosed with|have been diagnosed with|suffer from|am suffering from|"
        r"was told i have", "HAS_CONDITION", "topic", trait="health", coordinated=False),
    # -- Chinese --------------------------------------------------------------------------------
    _zh("zh_like_no_longer", r"不再喜欢|不再爱|不喜欢(?=[^，。！？]*了)", "LIKES", "topic",
        negated=True, trait="preference"),
    _zh("zh_dislike", r"不喜欢|讨厌|不爱|受不了|烦透了", "DISLIKES", "topic", trait="preference"),
    _zh("zh_like", r"喜欢|热爱|爱上了|爱(?=[吃喝看听玩打])|爱(?!人)", "LIKES", "topic",
        trait="preference"),
    _zh("zh_bought", r"买了|购买了|入手了|入手|下单了|买到了|新买了|买过|买", "BOUGHT", "product"),
    _zh("zh_moved", r"搬到了|搬到|搬去了|搬去|搬家到|搬来了|搬来", "MOVED_TO", "place",
        trait="residence", coordinated=False),
    _zh("zh_lived", r"以前住在|之前住在|曾经住在|原来住在", "LIVES_IN", "place", time_hint="past",
        coordinated=False),
    _zh("zh_live", r"住在|定居在|生活在", "LIVES_IN", "place", trait="residence",
        coordinated=False),
    _zh("zh_work_end", r"从", "WORKS_AT", "organization", coordinated=False, negated=True,
        trait="employer", tail=r"(?=(?:辞职|离职|跳槽|被裁))"),
    _zh("zh_work_leave", r"辞职离开了|离职离开了|离开了|辞掉了|辞去了", "WORKS_AT", "organization",
        coordinated=False, negated=True, trait="employer", tail=r"(?=(?:的工作|公司|了|，|,|。|$))"),
    _zh("zh_work_at", r"在", "WORKS_AT", "organization", coordinated=False, trait="employer",
        tail=r"(?=(?:工作|上班|任职|实习))"),
    _zh("zh_work_join", r"加入了|入职了|入职|跳槽到了|跳槽到|跳槽去了|去了(?=[^，。]*(?:上班|工作))", "WORKS_AT",
        "organization", coordinated=False, trait="employer"),
    # vehicle
    _raw("zh_vehicle_end", "zh", r"(?P<subj>我们|我)?(?:已经)?(?P<verb>把)(?:我的|旧的|那辆)?(?P<obj>[^，,。！？把]{1,12}?)"
         r"(?:卖了|卖掉了|处理掉了|报废了)", "DRIVES", "vehicle", negated=True, trait="vehicle",
         coordinated=False),
    _zh("zh_drive", r"开的是|开着|开一辆|开了一辆|现在开", "DRIVES", "vehicle", trait="vehicle",
        coordinated=False),
    # pets
    _raw("zh_pet_end", "zh", r"(?P<subj>我们|我)?(?:家)?(?:的)?(?P<kind>" + _ZH_PET + r")(?P<obj>[\u4e00-\u9fffA-Za-z]{0,6}?)"
         r"(?P<verb>去世了|死了|走了|丢了|跑丢了)", "HAS_PET", "animal", negated=True, trait="pet",
         coordinated=False),
    _raw("zh_pet_named", "zh", r"(?P<subj>我们|我)(?:家)?(?P<verb>养了|有|领养了|收养了)(?:一只|只|一条|条)?" + _ZH_PET +
         r"[，,]?(?:叫|名叫|名字叫)(?P<obj>[\u4e00-\u9fffA-Za-z]{1,6})", "HAS_PET", "animal", trait="pet",
         coordinated=False),
    # relationship, school, health
    _raw("zh_divorce", "zh", r"(?P<subj>我)(?:已经|刚|刚刚)?(?:和|跟)(?P<obj>[^，,。！？和跟]{1,8}?)(?P<verb>离婚了|离婚)",
         "MARRIED_TO", "person", negated=True, trait="spouse", coordinated=False),
    _raw("zh_relationship_end", "zh", r"(?P<subj>我)(?:已经|刚|刚刚)?(?:和|跟)(?P<obj>[^，,。！？和跟]{1,8}?)(?P<verb>分手了|分手)",
         "DATING", "person", negated=True, trait="partner", coordinated=False),
    _raw("zh_married", "zh", r"(?P<subj>我)(?:已经|刚|刚刚)?(?:和|跟)(?P<obj>[^，,。！？和跟]{1,8}?)(?P<verb>结婚了|结婚|领证了)",
         "MARRIED_TO", "person", trait="spouse", coordinated=False),
    _raw("zh_dating", "zh", r"(?P<subj>我)(?:已经|刚|刚刚)?(?:和|跟)(?P<obj>[^，,。！？和跟]{1,8}?)(?P<verb>在一起了|在谈恋爱|谈恋爱了|在交往)",
         "DATING", "person", trait="partner", coordinated=False),
    _zh("zh_school_end", r"从", "STUDIES_AT", "organization", coordinated=False, negated=True, trait="school",
        tail=r"(?=(?:毕业|退学))"),
    _zh("zh_school", r"在", "STUDIES_AT", "organization", coordinated=False, trait="school",
        tail=r"(?=(?:读书|上学|读大学|读研|读博|念书|上大学))"),
    _raw("zh_health_end", "zh", r"(?P<subj>我)?(?:的)?(?P<obj>[^，,。！？的]{1,8}?)(?P<verb>已经好了|痊愈了|治好了|康复了)",
         "HAS_CONDITION", "topic", negated=True, trait="health", coordinated=False),
    _raw("zh_health", "zh", r"(?P<subj>我)(?:被)?(?P<verb>确诊了|确诊为|确诊|得了|患有|患了)(?P<obj>[^，,。！？]{1,10})",
         "HAS_CONDITION", "topic", trait="health", coordinated=False),
    # diet
    _raw("zh_diet_end", "zh", r"(?P<subj>我)?(?:现在|已经)?(?P<verb>不再吃素|不吃素了|开始吃肉|又吃肉了|恢复吃肉)(?P<obj>)",
         "FOLLOWS_DIET", "topic", negated=True, trait="diet", coordinated=False, fixed_object="vegetarian"),
    _raw("zh_diet", "zh", r"(?P<subj>我)(?:是|一直|开始|现在)?(?P<verb>吃素|素食者|素食主义者|吃全素)(?P<obj>)",
         "FOLLOWS_DIET", "topic", trait="diet", coordinated=False, fixed_object="vegetarian"),
    _zh("zh_use", r"一直在用|在用|一直用|使用|用的是|用上了|用了|用", "USES", "software"),
    _zh("zh_visited", r"去了|去过|参观了|游览了|逛了|到过|去", "VISITED", "place"),
)

#: "my new X" / 新的X: ownership implied by the possessive, never stated.
NEW_THING_EN = re.compile(r"(?:^|(?<=[\s,;:(\"']))(?:my|our) (?:brand[- ])?new (?P<obj>[^.,;:!?\"()]+)")
NEW_THING_ZH = re.compile(r"(?:我的|我们的|我)?(?:新买的|新的|新)(?P<obj>[^，,。！？!?；;：:\s、的]{1,16})")

# -- short-term states: stress, mood, emotion ------------------------------------------------------

_EN_STATE_LEAD = (r"(?:^|(?<=[\s,;:(\"']))(?:i am|i feel|i felt|i was|feeling|i have been|"
                  r"i been|been feeling|i am feeling|i am getting|i get)\s+"
                  r"(?P<neg>not\s+)?(?:(?:very|so|really|super|quite|pretty|a bit|a little|"
                  r"extremely|totally|kind of|sort of|incredibly|too)\s+)*")

EMOTION_WORDS_EN = {
    "happy": "happy", "glad": "happy", "joyful": "happy", "sad": "sad", "unhappy": "sad",
    "angry": "angry", "mad": "angry", "furious": "angry", "anxious": "anxious",
    "worried": "worried", "nervous": "nervous", "excited": "excited", "upset": "upset",
    "frustrated": "frustrated", "lonely": "lonely", "depressed": "depressed", "scared": "scared",
    "afraid": "scared", "tired": "tired", "exhausted": "tired", "grateful": "grateful",
    "bored": "bored", "calm": "calm",
}
EMOTION_WORDS_ZH = {
    "开心": "happy", "高兴": "happy", "快乐": "happy", "难过": "sad", "伤心": "sad",
    "生气": "angry", "愤怒": "angry", "焦虑": "anxious", "担心": "worried", "紧张": "nervous",
    "兴奋": "excited", "沮丧": "frustrated", "烦躁": "irritated", "郁闷": "upset", "孤独": "lonely",
    "害怕": "scared", "累": "tired", "疲惫": "tired", "无聊": "bored", "感激": "grateful",
}


@dataclass(frozen=True, slots=True)
class StatePattern:
    key: str
    lang: str
    regex: re.Pattern[str]
    trait: str  # stress | mood | emotion
    #: fixed value, or None: the value is the matched ``word`` looked up in ``words``
    value: str | None = None
    words: dict[str, str] | None = None


_ZH_STATE_LEAD = (r"(?:^|(?<=[，,。！？!?；;：:\s]))(?:(?:" + _ZH_TIME + r")[，,]?)?我?(?:(?:"
                  + _ZH_TIME + r"|" + _ZH_ADV + r"|感觉|觉得|有点|有些|好|太)[，,]?)*")

STATE_PATTERNS: tuple[StatePattern, ...] = (
    StatePattern("en_stress_low", "en", re.compile(
        _EN_STATE_LEAD.replace("(?P<neg>not\\s+)?", "") +
        r"(?:not (?:very |that |too )?stressed|relaxed|stress-free|at ease)\b"), "stress", "low"),
    StatePattern("en_stress_high", "en", re.compile(
        _EN_STATE_LEAD + r"(?:stressed(?: out)?|under (?:a lot of |so much |too much |heavy )?"
        r"pressure|overwhelmed|burn(?:ed|t) out)\b"), "stress", "high"),
    StatePattern("en_stress_noun", "en", re.compile(
        r"\b(?:so much|a lot of|lots of|too much|heavy|high) (?:stress|pressure)\b"), "stress", "high"),
    StatePattern("en_mood_good", "en", re.compile(
        r"\b(?:in a (?:really |very |pretty )?(?:good|great) mood|"
        + _EN_STATE_LEAD.replace("(?P<neg>not\\s+)?", "") + r"(?:good|great|fantastic|wonderful))\b"),
        "mood", "good"),
    StatePattern("en_mood_bad", "en", re.compile(
        r"\b(?:in a (?:really |very |pretty )?(?:bad|terrible|foul) mood|"
        + _EN_STATE_LEAD.replace("(?P<neg>not\\s+)?", "") + r"(?:down|low|bad|terrible|awful|"
        r"miserable|blue))\b"), "mood", "bad"),
    StatePattern("en_emotion", "en", re.compile(
        _EN_STATE_LEAD + r"(?P<word>" + "|".join(EMOTION_WORDS_EN) + r")\b"), "emotion",
        words=EMOTION_WORDS_EN),
    StatePattern("zh_stress_low", "zh", re.compile(
        r"压力(?:不大|不是很大|小了|没那么大)|没(?:什么|有)?压力|很放松|挺放松|轻松多了"), "stress", "low"),
    StatePattern("zh_stress_high", "zh", re.compile(
        r"压力(?:很|好|特别|非常|超|太|有点|挺|真|比较|越来越)?大|压力山大|(?:很|好|特别|非常)有压力|"
        r"压得喘不过气"), "stress", "high"),
    StatePattern("zh_mood_bad", "zh", re.compile(
        r"心情(?:很|特别|非常|有点|挺|超|真的|比较)?(?:不好|不太好|差|糟|糟糕|低落|不佳|郁闷)"),
        "mood", "bad"),
    StatePattern("zh_mood_good", "zh", re.compile(
        r"心情(?:很|特别|非常|挺|还|超|真的|比较)?(?:好|不错|愉快|美丽|舒畅)"), "mood", "good"),
    StatePattern("zh_emotion", "zh", re.compile(
        _ZH_STATE_LEAD + r"(?P<neg>不)?(?P<word>" + "|".join(EMOTION_WORDS_ZH) + r")"), "emotion",
        words=EMOTION_WORDS_ZH),
)

# -- helpers for object phrases --------------------------------------------------------------------

#: an English object phrase ends before these words (time, purpose, place adjuncts, clauses)
EN_OBJECT_STOP = re.compile(
    r"\s+(?:and (?:i|we|my|it|he|she|they|then|also|now|joined|started|moved|bought|got|went|became|"
    r"switched|began|took|sold|left|quit|drive|drives|am|signed|adopted)|like|such as|as well as|"
    r"(?:you|we|they|he|she|i) (?=\w)|(?:a )?(?:few|couple of|several|\d+|one|two|three|four|five) "
    r"(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)|yesterday|today|tonight|tomorrow|last|this|next|ago|recently|now|since|for|from|"
    r"with|because|but|so|when|while|after|before|on|at|in|to|which|that|who|and then|"
    r"every|each|again|already|anymore|any more|as well|too|though|although|if|is|was|are|"
    r"were|has|have|had|it is|its|it's|really|very|lately|last|as)\b.*$")
EN_LEADING = re.compile(r"^(?:(?:a|an|the|my|our|some|this|that|these|those|new|brand new|"
                        r"two|three|a couple of|a pair of|lots of|a lot of|myself|me|him|her)\s+)+")
EN_GERUND = re.compile(r"^(?:listening to|watching|eating|drinking|playing|reading|using|"
                       r"going to|to listen to|to watch|to eat|to drink|to play|to read)\s+")
EN_COORD = re.compile(r"\s*(?:,|\band\b|\bor\b|&)\s*")

ZH_OBJECT_STOP = re.compile(
    r"(?:的时候|因为|但是|不过|所以|然后|之后|以后|而且|还有|已经|现在|最近|很|真|太|挺|非常|特别|"
    r"好用|不错|了|吧|呢|啊|啦|呀|哦|嘛|一下|一段时间|好几|三年|两年|一年|几年|很久|"
    r"工作|上班|做饭|煲汤|的).*$")
ZH_LEADING = re.compile(r"^(?:了|过|着|的|在|是|那个|这个|那些|这些|一些|一点|点|"
                        r"(?:一|两|三|几|好几)?(?:个|台|部|辆|只|本|件|双|条|杯|份|块|套|款|把|张|支|"
                        r"瓶|盒|袋|家)|新的|新买的|新)+")
ZH_CONSUME_VERB = re.compile(r"^(?:吃|喝|看|听|玩|打|逛|去|养|做)(?=.)")
ZH_COORD = re.compile(r"[和跟与及、]|还有")

#: pronouns / demonstratives that stand for an earlier entity
PRONOUNS_EN = frozenset({"it", "this", "that", "this one", "that one", "them", "these", "those"})
PRONOUNS_ZH = frozenset({"它", "它们", "那个", "这个", "那个东西", "这个东西", "那台", "这台", "那款", "这款"})

TIME_HINT_EN = re.compile(
    r"\b(yesterday|today|tonight|this morning|this afternoon|this evening|this week|this month|"
    r"last (?:week|month|year|night|weekend|monday|tuesday|wednesday|thursday|friday|saturday|"
    r"sunday)|(?:\d+|a|one|two|three|four|five|six|a few|several) (?:days?|weeks?|months?|"
    r"years?) ago|recently|just now)\b")
TIME_HINT_ZH = re.compile(
    r"(昨天|今天|前天|今早|今晚|上周末|上周|上星期|上个星期|上个月|去年|前年|刚才|刚刚|最近|这周|本周|"
    r"(?:\d+|[一二三四五六七八九十两几]+)(?:天|周|个星期|个月|年)前)")

EN_CONTRACTIONS = (
    ("i'm", "i am"), ("i've", "i have"), ("i'd", "i would"), ("i'll", "i will"),
    ("we're", "we are"), ("we've", "we have"), ("don't", "do not"), ("doesn't", "does not"),
    ("didn't", "did not"), ("can't", "cannot"), ("won't", "will not"), ("isn't", "is not"),
    ("wasn't", "was not"), ("haven't", "have not"), ("it's", "it is"), ("she's", "she is"),
    ("he's", "he is"),
)

#: clause cues that make a clause not a statement about the present self: nothing it asserts
#: ("I want to buy X", "我打算搬到杭州") is a claim. See CONDITIONAL_* for what stays.
EN_IRREALIS = re.compile(r"\b(?:if|would|should|could|might|maybe|perhaps|wish|want to|"
                         r"going to|plan to|planning to|thinking about|considering|will|tomorrow|next week|"
                         r"next month|next year)\b")
ZH_IRREALIS = re.compile(r"如果|要是|假如|的话|想要|打算|准备|考虑|也许|可能|会不会|是不是|吗|想买|想去|"
                         r"想用|明天|后天|下周|下个月|明年|将要|要去|要买")
#: the strongest irrealis cues: conditions, wishes, questions inside the clause. A clause with one
#: yields nothing at all. Under the weaker ones (a wish or plan: "I want to make soup with my new
#: pressure cooker", 我想用新的高压锅煲汤) the *presupposed* possession "my new X" still holds —
#: the wish is about the soup, not about owning the cooker — so it stays an implied OWNS.
EN_CONDITIONAL = re.compile(r"\b(?:if|unless|suppose|supposing|imagine|wish|hypothetically|"
                            r"pretend)\b")
ZH_CONDITIONAL = re.compile(r"如果|要是|假如|假设|万一|倘若|的话|会不会|是不是|吗")
#: before 新X in a wish/plan clause: possession is presupposed only after a possessive or a use
#: verb (用新的高压锅, 我的新手机, 新买的…), not after an acquisition verb (想买新的手机)
ZH_PRESUPPOSED_NEW = re.compile(r"(?:(?:我的|我们的|我家|我们家)(?:新买的|新的|新)|新买的|"
                                r"(?:用|拿|使用|带)(?:新的|新))$")
