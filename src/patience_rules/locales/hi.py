"""The texts of the library and the terminal client in Hindi (हिन्दी)."""

TEXTS = {
    # Names shown in the header.
    "game_golf": "गोल्फ़",
    "game_forty_thieves": "चालीस चोर",
    "game_scorpion": "बिच्छू",
    "variant_easy": "आसान",
    "variant_classic": "क्लासिक",
    "variant_standard": "मानक",
    "variant_flexible": "लचीला",
    "status_playing": "जारी",
    "status_won": "जीती",
    "status_stuck": "अटकी",
    "header": "{code} · {game} ({variant}) · चाल {moves} · अंक {score}",
    "one_move": "1 चाल",
    "many_moves": "{count} चालें",
    # The table.
    "empty": "खाली",
    "one_card": "1 पत्ता",
    "many_cards": "{count} पत्ते",
    "stock": "गड्डी: {cards}",
    "waste_top": "खुला ढेर: {top}",
    "waste_pile": "खुला ढेर: {count} पत्ते, ऊपर {top}, फिर {under}",
    "foundations": "आधार ढेर:",
    "column": "स्तंभ {number}:",
    "reserve": "बचे हुए पत्ते: {count} उलटे (r उन्हें बाँटता है)",
    "reserve_dealt": "बचे हुए पत्ते: बाँटे जा चुके",
    "runs_removed": "हटाई गई क्रमशृंखलाएँ: {suits}",
    "none": "कोई नहीं",
    # The session.
    "intro_moves": "कोई चाल लिखें, जैसे {examples}।",
    "intro_keys": "? सही चालें दिखाता है, ! सुझाव देता है, u वापस लेता है, q खेल छोड़ता है।",
    "resumed": "{path} में सहेजा गया खेल आगे चलता है ({moves})।",
    "prompt": "> ",
    "prompt_over": "खेल समाप्त: u वापस लेता है, q छोड़ता है> ",
    "legal_moves": "सही चालें: {moves}",
    "also": "और: ! सुझाव, svg फ़ाइल चित्र सहेजता है, u वापस लें, q छोड़ें।",
    "undone": "चाल वापस ली गई।",
    "refused": "✗ {why}",
    "not_a_move": "{text}: {why}। सही चालों के लिए ? लिखें।",
    "not_utf8": "यह पंक्ति UTF-8 पाठ नहीं है; कोई चाल नहीं चली गई।",
    "line_too_long": "यह पंक्ति {limit} बाइट से लंबी है; कोई चाल नहीं चली गई।",
    "input_stopped": "पंक्ति का अंत नहीं मिला: इनपुट आगे नहीं पढ़ा जाएगा।",
    "no_foundation_move": "{pile} का पत्ता किसी आधार ढेर पर नहीं जाता: {why}।",
    "no_tap_move": "{pile} के पत्ते के लिए कोई जगह नहीं है।",
    "svg_saved": "चित्र {path} में सहेजा गया।",
    "svg_needs_file": "चित्र की फ़ाइल का नाम दें: svg फ़ाइल",
    "won": "आप जीत गए! अंतिम अंक: {score}।",
    "stuck": (
        "अब कोई चाल संभव नहीं: बोर्ड पर बचे {left} पत्तों में से हर एक के 10 अंक कटते हैं। अंतिम अंक: {score}।"
    ),
    "no_legal_move": "कोई सही चाल नहीं बची: u पिछली चाल वापस लेता है, q खेल छोड़ता है।",
    "hint": "सुझाव: {move} ({outlook})।",
    "hint_none": "कोई सुझाव नहीं: खेल समाप्त है।",
    "hint_chance": (
        "आपको एक जैसे दिखने वाले {worlds} बँटवारों में से यह चाल {wins} में जीतती है, {losses} में"
        " हारती है और {unknown} का फ़ैसला नहीं हुआ।"
    ),
    "lost_win": "इस चाल से जीता जा सकने वाला खेल हार में बदल गया (सिद्ध)।",
    "lost_chance": (
        "जो आप देख सकते थे उसके हिसाब से इस चाल ने जीत की संभावना {before} से घटाकर {after} कर दी;"
        " {move} से वह बनी रहती।"
    ),
    "lost_unseen": "जो आप देख सकते थे उसके हिसाब से कोई और चाल बेहतर नहीं थी: छिपे पत्तों ने फ़ैसला किया।",
    "outlook_win": "अब भी जीता जा सकता है",
    "outlook_no_win": "अब जीता नहीं जा सकता",
    "outlook_unknown": "पता नहीं कि अब भी जीता जा सकता है या नहीं",
    "final_score": "अंतिम अंक: {score}, {moves} के बाद।",
    "final_replay": "अंतिम अंक: {score}, {moves} के बाद ({status})।",
    "record_follows": "खेल का रिकॉर्ड (दोबारा चलाएँ: patience-rules replay फ़ाइल):",
    "saved": "{path} में सहेजा गया।",
    "save_failed": "✗ {path} में सहेजा नहीं जा सका: {why}",
    "last_save_failed": "{path} में पिछली बार सहेजना विफल रहा: उसमें पुराना रिकॉर्ड है।",
    # Problems reported on standard error.
    "record_not_text": "खेल का रिकॉर्ड JSON पाठ होता है, {kind} नहीं",
    "record_not_json": (
        "यह JSON खेल रिकॉर्ड नहीं है: गड़बड़ी पंक्ति {line}, स्थान {column} पर है; खेल का रिकॉर्ड"
        " वह JSON है जो play --save लिखता है"
    ),
    "record_is_code": "यह खेल का कोड है, खेल का रिकॉर्ड नहीं: इसे patience-rules play {code} से खेलें",
    "record_is_saved_game": (
        "यह स्थिति-प्रारूप में सहेजा गया खेल है, खेल का रिकॉर्ड (जो play --save लिखता है) नहीं;"
        " इसे लाइब्रेरी का स्थिति-प्रारूप पढ़ने वाला फ़ंक्शन पढ़ता है"
    ),
    "record_is_position": (
        "यह खेल, गिनती और इतिहास के बिना केवल एक स्थिति है, खेल का रिकॉर्ड (जो play --save लिखता"
        " है) नहीं; इसे लाइब्रेरी में उसी खेल का मॉड्यूल पढ़ता है"
    ),
    "record_is_view": (
        "यह खिलाड़ी का दृश्य है, खेल का रिकॉर्ड नहीं: इसमें छिपे पत्ते नहीं हैं, इसलिए इससे खेल"
        " आगे नहीं चल सकता; इसकी जगह वह रिकॉर्ड लें जो play --save ने लिखा"
    ),
    "record_code_and_start": "खेल के रिकॉर्ड में 'code' या 'start' फ़ील्ड होता है, दोनों नहीं",
    "record_no_start": (
        "खेल के रिकॉर्ड में न 'code' फ़ील्ड (जिस बँटवारे से वह शुरू होता है) है, न 'start' फ़ील्ड"
        " (जिस सहेजी गई स्थिति से वह शुरू होता है)"
    ),
    "record_bad_start": "फ़ील्ड 'start': {why}",
    "record_too_deep": "यह JSON खेल रिकॉर्ड नहीं है: यह बहुत गहराई तक नेस्टेड है",
    "record_not_object": 'खेल का रिकॉर्ड एक JSON ऑब्जेक्ट {{"code": ..., "moves": [...]}} होना चाहिए',
    "record_missing": "खेल के रिकॉर्ड में '{field}' फ़ील्ड नहीं है",
    "record_bad_code": "फ़ील्ड 'code': {code}: {why}",
    "record_bad_value": "यह JSON खेल रिकॉर्ड नहीं है: इसका एक मान पढ़ा नहीं जा सकता",
    "record_bad_format": "फ़ील्ड 'format' {format} होना चाहिए",
    "record_moves_not_list": "फ़ील्ड 'moves' चालों की सूची होनी चाहिए",
    "record_move_not_text": "moves[{index}] चाल का संकेतन (एक स्ट्रिंग) नहीं है",
    "record_bad_lang": "फ़ील्ड 'lang' इनमें से एक होना चाहिए: {languages}",
    "cannot_read": "{path} पढ़ा नहीं जा सका: {why}",
    "not_utf8_file": "यह UTF-8 पाठ नहीं है",
    "too_large": "{path} में {limit} बाइट से अधिक है, किसी भी खेल रिकॉर्ड से अधिक",
    "record_problem": "{path}: {problem}",
    "move_refused": "{path}: moves[{index}] {text} अस्वीकार: {why}",
    "move_unknown": "{path}: moves[{index}] {text}: {why}",
    "cannot_save": "{path} में सहेजा नहीं जा सका: {why}",
    "code_or_game": "या तो कोड दें या --game/--variant: कोड अपना खेल स्वयं बताता है",
    "save_holds_game": "{path} में पहले से एक खेल है: --game/--variant उसे नहीं बदल सकते",
    "save_holds_other": "{path} में खेल {code} है, {other} नहीं",
    "bad_code": "{code}: {why}",
    "bad_variant": "{variant} {game} का नियम-प्रकार नहीं है (इनमें से एक चुनें: {choices})",
    "unknown_variant": "{variant} किसी भी खेल का नियम-प्रकार नहीं है ({choices})",
    # Why a file cannot be read or written: the system's error, by its errno name.
    "os_enoent": "ऐसी कोई फ़ाइल या फ़ोल्डर नहीं है",
    "os_eacces": "अनुमति नहीं है",
    "os_eperm": "यह काम करने की अनुमति नहीं है",
    "os_eisdir": "यह एक फ़ोल्डर है",
    "os_enotdir": "यह फ़ोल्डर नहीं है",
    "os_enospc": "डिस्क पर जगह नहीं बची है",
    "os_edquot": "डिस्क का कोटा भर गया है",
    "os_erofs": "फ़ाइल सिस्टम केवल पढ़ने के लिए है",
    "os_enametoolong": "फ़ाइल का नाम बहुत लंबा है",
    "os_eloop": "प्रतीकात्मक लिंक के बहुत अधिक स्तर हैं",
    "os_eio": "इनपुट/आउटपुट में गड़बड़ी",
    "os_eexist": "फ़ाइल पहले से मौजूद है",
    "os_efbig": "फ़ाइल बहुत बड़ी है",
    "os_emfile": "बहुत सारी फ़ाइलें खुली हैं",
    "os_ebusy": "उपकरण या संसाधन व्यस्त है",
    "os_einval": "अमान्य तर्क",
    "not_a_file_device": "यह एक उपकरण (डिवाइस) है, सामान्य फ़ाइल नहीं",
    "not_a_file_fifo": "यह एक नामित पाइप है, सामान्य फ़ाइल नहीं",
    "not_a_file_socket": "यह एक सॉकेट है, सामान्य फ़ाइल नहीं",
    "os_other": "सिस्टम का संदेश: {message}",
    # A solver's refusal, which it words in English only.
    "solver_error": "सॉल्वर का संदेश: {message}",
    # The stats command.
    "stats_title": "{game} {variant}: {total} बँटवारे ({sample}), विधि {method}",
    "stats_random": "यादृच्छिक बँटवारे",
    "stats_seed": "बीज {seed}",
    "stats_outcomes": "नतीजे: {counts}",
    "stats_count": "{outcome} {count}",
    "outcome_win": "जीत",
    "outcome_no_win": "जीत असंभव",
    "outcome_unknown": "अज्ञात",
    "stats_winnable": "जीतने योग्य: {share} (95% विल्सन अंतराल {low}–{high})",
    "stats_unknown_note": (
        "  अज्ञात बँटवारे न जीते गए गिने गए हैं, सब जीते जाएँ तो {upper}; अंतराल की निचली सीमा"
        " उन्हें हारे हुए गिनती है और ऊपरी सीमा जीते हुए (जैसे ब्लेक और जेंट गिनते हैं)"
    ),
    "stats_time": (
        "समय: कुल {wall} सेकंड; प्रति बँटवारा माध्यिका {median} सेकंड, 90वाँ प्रतिशतक {p90} सेकंड,"
        " अधिकतम {longest} सेकंड"
    ),
    "stats_states": "प्रति बँटवारा अवस्थाएँ: माध्यिका {median}, अधिकतम {most}",
    "stats_rate": "गति: {rate} बँटवारे प्रति सेकंड (इस बार {solved} बँटवारे हल हुए)",
    "results_resumed": "{path}: {done} बँटवारे पहले से हल हैं, {left} बाकी",
    "stats_interrupted": "रोका गया: रिपोर्ट इस रन के हल किए {solved} बँटवारे गिनती है",
    "results_dropped": (
        "{path}: इसकी अंतिम पंक्ति अधूरी थी ({size} बाइट, बीच में रुका लेखन): हटा दी गई,"
        " और उसका बँटवारा फिर से हल होगा"
    ),
    "results_not_ours": (
        "{path} patience-rules stats के नतीजों की फ़ाइल नहीं है: इसकी पहली पंक्ति उसका शीर्ष नहीं"
        " है; कोई दूसरी फ़ाइल दें"
    ),
    "results_other_run": (
        "{path} में कोई दूसरा दौर है: इसका {field} {theirs} है, {ours} नहीं; उसे आगे बढ़ाने के"
        " लिए वही विकल्प दें, या कोई दूसरी फ़ाइल दें"
    ),
    "results_busy": "{path} stats के किसी दूसरे दौर के काम में है; उसके पूरा होने तक रुकें या कोई दूसरी फ़ाइल दें",
    "results_bad_line": "पंक्ति {line}: {why}",
    "results_bad_field": "क्षेत्र '{field}' नहीं है या ग़लत है",
    "results_other_deal": "पंक्ति {line}: बँटवारा {code} बीज का बँटवारा {expected} नहीं है",
    "results_line_too_long": "पंक्ति {line} में {limit} से अधिक बाइट हैं",
    "results_too_many": "{path} में {limit} से अधिक बँटवारे हैं",
    "needs_dask": "{option} को डास्क चाहिए, जो स्थापित नहीं है: pip install '{extra}'",
    "no_scheduler": "{address} पर डास्क शेड्यूलर तक नहीं पहुँचा जा सका: {why}",
    "workers_with_scheduler": (
        "--workers स्थानीय पूल या क्लस्टर का आकार तय करता है; --scheduler के क्लस्टर के अपने"
        " कार्यकर्ता हैं"
    ),
    "progress": "{done}/{total} बँटवारे, {seconds} सेकंड",
    # दैनिक बँटवारा और हल का प्रदर्शन।
    "daily_deal": "{date} (यूटीसी तारीख़) का दैनिक बँटवारा: {code}, जिसका जीतना सिद्ध है।",
    "solve_found": "{code}: {moves} चालों में जीत।  यह हल खेल में छिपे पत्ते भी दिखाता है।",
    "solve_no_win": "{code} जीता नहीं जा सकता: कोई भी चाल-क्रम इसे नहीं जिताता (सिद्ध)।",
    "solve_unknown": (
        "सॉल्वर {seconds} सेकंड में {code} का फ़ैसला नहीं कर सका; --max-seconds बढ़ाकर देखें।"
    ),
    "solve_step": "चाल {number} / {total}:",
    "solve_pause": "अगली चाल के लिए एंटर, रुकने के लिए q: ",
    "effect_turned_up": "{pile} पर {card} सीधा हुआ",
    "effect_score": "{points} अंक, कुल अंक {score}",
    "metavar_date": "तारीख़",
    "not_a_date": "{value} 2026-12-02 जैसी तारीख़ नहीं है",
    "help_daily": "दैनिक बँटवारा खेलें: हर दिन सबके लिए एक ही बँटवारा, जिसका जीतना सिद्ध है",
    "help_date": "दैनिक बँटवारे की तारीख़, जैसे 2026-12-02 (डिफ़ॉल्ट: यूटीसी में आज)",
    "help_solve": "एक बँटवारा हल करें और जीत की चालें एक-एक करके दिखाएँ",
    "help_solve_description": (
        "कोड का बँटवारा हल करें और जीत की चालें एक-एक करके छापें, हर चाल के साथ उसका असर और "
        "उसके बाद की मेज़; टर्मिनल पर हर चाल से पहले एंटर की प्रतीक्षा करें।  हल खेल में छिपे "
        "पत्ते भी दिखाता है।"
    ),
    "help_solve_save": "हल को खेल रिकॉर्ड के रूप में फ़ाइल में सहेजें, जिसे replay दोहराता है",
    "help_solve_seconds": "सॉल्वर कितने सेकंड सोच सकता है (डिफ़ॉल्ट {seconds})",
    # The command line: the placeholders of its arguments (metavariables).
    "metavar_file": "फ़ाइल",
    "metavar_code": "कोड",
    "metavar_game": "खेल",
    "metavar_command": "आदेश",
    "metavar_address": "पता",
    # The command line: help texts.
    "help_description": "टर्मिनल में गोल्फ़, चालीस चोर और बिच्छू पेशेंस खेलें।",
    "help_epilog": "शुरू करें: patience-rules play",
    "help_version": "संस्करण छापकर बाहर निकलें",
    "help_commands": "आदेश",
    "help_lang": "हर छपी पंक्ति की भाषा (डिफ़ॉल्ट en, या सहेजे गए खेल की भाषा)",
    "help_color": "आउटपुट रंगीन करें (डिफ़ॉल्ट: केवल टर्मिनल पर, और तब नहीं जब NO_COLOR सेट हो)",
    "help_play": "टर्मिनल में खेल खेलें",
    "help_play_description": (
        "खेल खेलें: खेल के संकेतन में चालें लिखें, चाल वापस लेने के लिए u, सही चालों के लिए ? या h,"
        " सुझाव के लिए !, मेज़ का चित्र सहेजने के लिए svg फ़ाइल, छोड़ने के लिए q।  हर पंक्ति में एक"
        " चाल पढ़ता है (अधिकतम {limit} बाइट), इसलिए इनपुट पाइप किया जा सकता है।  कोड के बिना"
        " एक यादृच्छिक खेल बाँटता है।"
    ),
    "help_code": "खेल का कोड, जैसे GO1-E-AAAAAAF",
    "help_play_game": "यादृच्छिक बँटवारे का खेल: {games} (डिफ़ॉल्ट golf)",
    "help_play_variant": (
        "यादृच्छिक बँटवारे का नियम-प्रकार ({variants}); --game के बिना, सूची का पहला खेल"
        " जिसमें यह हो"
    ),
    "help_winnable": "ऐसा यादृच्छिक खेल बाँटें जिसे सॉल्वर ने जीतने योग्य सिद्ध किया है",
    "help_save": "खेल का रिकॉर्ड फ़ाइल में रखें; फ़ाइल में पहले से रिकॉर्ड हो तो वही खेल आगे चलाएँ",
    "help_deal": "खेल का कोड जो स्थिति बाँटता है, उसे छापें",
    "help_svg": "मेज़ का चित्र फ़ाइल (SVG) में भी सहेजें",
    "help_new": "नया यादृच्छिक खेल कोड छापें",
    "help_new_game": "खेल: {games}",
    "help_new_variant": "नियम-प्रकार ({variants})",
    "help_new_difficulty": (
        "इस कठिनाई का बँटवारा, जैसा सॉल्वर आँकता है: 1 (सबसे आसान) से 5 (सबसे कठिन), "
        "या 0 ऐसे बँटवारे के लिए जिसे वह जीत न सका ({seconds} सेकंड बाद हार मान लेता है)"
    ),
    "help_replay": "सहेजा गया खेल रिकॉर्ड दोबारा चलाएँ",
    "help_replay_description": (
        "खेल का रिकॉर्ड (अधिकतम {limit} बाइट) दोबारा चलाएँ और अंतिम स्थिति और अंक छापें।  रिकॉर्ड"
        " वह है जो play --save लिखता है, दो में से एक रूप में:"
        ' {{"code": कोड, "moves": [...]}} कोड से बाँटे गए खेल के लिए, या'
        ' {{"start": {{...}}, "moves": [...]}} स्थिति-प्रारूप में सहेजी गई स्थिति से शुरू होने'
        ' वाले खेल के लिए; चालें संकेतन हैं, चाल वापस लेने के लिए "u"।'
    ),
    "help_file": "रिकॉर्ड की फ़ाइल, या मानक इनपुट के लिए -",
    "help_stats": "यादृच्छिक बँटवारे हल करें और बताएँ कि कितने जीतने योग्य हैं",
    "help_stats_description": (
        "यादृच्छिक बँटवारों का एक नमूना, कई एक साथ, हल करके छापता है कि सॉल्वर कितने जीतता है,"
        " 95% विश्वास अंतराल के साथ, हर नतीजे की गिनती और लगा समय।  टर्मिनल पर प्रगति पट्टी"
        " दिखती है; लॉग में हर कुछ सेकंड में एक पंक्ति आती है।"
    ),
    "help_stats_game": "खेल: {games}",
    "help_stats_variant": "नियम-प्रकार (डिफ़ॉल्ट: खेल का डिफ़ॉल्ट)",
    "help_deals": "कितने बँटवारे (200), --results की फ़ाइल में पहले से मौजूद बँटवारों सहित",
    "help_seed": "बँटवारों की संख्याएँ इस बीज से दोहराने योग्य ढंग से चुनें",
    "help_max_states": "हर बँटवारे की अवस्थाएँ, जिनके बाद नतीजा अज्ञात रहता है",
    "help_max_seconds": "हर बँटवारे के सेकंड, जिनके बाद नतीजा अज्ञात रहता है (10)",
    "help_method": "सॉल्वर का इंजन",
    "help_workers": (
        "पूल की या --dask-local के क्लस्टर की कार्यकर्ता प्रक्रियाएँ (डिफ़ॉल्ट: हर प्रोसेसर के"
        " लिए एक; डास्क के बिना 1: कोई पूल नहीं)"
    ),
    "help_scheduler": (
        "बँटवारे इस शेड्यूलर के डास्क क्लस्टर पर हल करें, जैसे tcp://host:8786"
        " (डास्क वाला अतिरिक्त पैकेज चाहिए)"
    ),
    "help_dask_local": (
        "बँटवारे यहीं शुरू किए गए डास्क क्लस्टर पर हल करें (डास्क वाला अतिरिक्त पैकेज चाहिए)"
    ),
    "help_results": (
        "हर बँटवारे का नतीजा हल होते ही फ़ाइल में JSON पंक्ति के रूप में लिखें; अगर फ़ाइल में"
        " इसी दौर के नतीजे हैं, तो वहीं से आगे बढ़ें"
    ),
    # The command line: problems with it.
    "usage_error": "{prog}: त्रुटि: {message}",
    "argument_error": "तर्क {name}: {message}",
    "unknown_game_choice": "अज्ञात खेल {game} (इनमें से चुनें: {games})",
    "not_positive": "{value} शून्य से बड़ी पूर्ण संख्या नहीं है",
    "not_whole_number": "{value} पूर्ण संख्या नहीं है",
    "not_seconds": "{value} शून्य से अधिक सेकंड की संख्या नहीं है",
    # argparse's own texts, which it looks up by their English (its gettext message ids):
    # the client's parser reads them here, so they keep argparse's %-placeholders.
    "argparse_usage": "प्रयोग: ",
    "argparse_positionals": "स्थितीय तर्क",
    "argparse_options": "विकल्प",
    "argparse_heading": "%(heading)s:",
    "argparse_help": "यह सहायता संदेश छापकर बाहर निकलें",
    "argparse_invalid_choice": "अमान्य विकल्प: %(value)r (इनमें से चुनें: %(choices)s)",
    "argparse_invalid_type": "अमान्य %(type)s मान: %(value)r",
    "argparse_required": "ये तर्क आवश्यक हैं: %s",
    "argparse_unrecognized": "अपरिचित तर्क: %s",
    "argparse_expected_one": "एक मान अपेक्षित है",
    "argparse_expected_at_most_one": "अधिकतम एक मान अपेक्षित है",
    "argparse_expected_at_least_one": "कम से कम एक मान अपेक्षित है",
    "argparse_ambiguous": "अस्पष्ट विकल्प: %(option)s इनमें से किसी का भी हो सकता है: %(matches)s",
    "argparse_ignored_explicit": "स्पष्ट मान %r अनदेखा किया गया",
    # Why an action is refused, a notation or a code not read: patience_rules.reasons.Reason.
    "reason_game_won": "बाज़ी समाप्त हो चुकी है: यह जीती जा चुकी है",
    "reason_nothing_to_undo": "वापस लेने के लिए कोई चाल नहीं बची है",
    "reason_move_limit": "यह बाज़ी चालों की अधिकतम सीमा तक पहुँच चुकी है",
    "reason_stock_empty": "गड्डी खाली है",
    "reason_wrong_rank": "पत्ता जिस पत्ते पर जाए उससे ठीक एक दर्जा कम होना चाहिए",
    "reason_nothing_on_ace": "इक्के पर कोई पत्ता नहीं रखा जा सकता",
    "reason_rank_not_adjacent": "दर्जा एक अधिक या एक कम होना चाहिए",
    "reason_card_blocked": "यह पत्ता अवरुद्ध है",
    "reason_card_not_on_board": "यह पत्ता बोर्ड पर नहीं है",
    "reason_empty_column": "यह स्तंभ खाली है",
    "reason_no_moves": "अब कोई चाल संभव नहीं",
    "reason_wrong_suit": "पत्ता उसी सूट का होना चाहिए जिस पर वह रखा जाए",
    "reason_empty_source": "वहाँ खिसकाने को कोई पत्ता नहीं है",
    "reason_same_pile": "पत्ता अपने ही ढेर पर नहीं जा सकता",
    "reason_foundation_needs_ace": "आधार ढेर अपने सूट के इक्के से ही शुरू होता है",
    "reason_foundation_wrong_suit": "इस आधार ढेर पर केवल उसी के सूट के पत्ते जाते हैं",
    "reason_foundation_wrong_rank": (
        "आधार ढेर क्रम से बनता है: पत्ता उसके ऊपरी पत्ते से ठीक एक दर्जा ऊँचा होना चाहिए"
    ),
    "reason_foundation_to_foundation": "पत्ता एक आधार ढेर से दूसरे आधार ढेर पर नहीं जा सकता",
    "reason_king_only_on_empty": "खाली कॉलम पर केवल बादशाह जा सकता है",
    "reason_same_suit_required": "नियम: पत्ते एक ही सूट के होने चाहिए",
    "reason_face_down": "उलटा पत्ता नहीं खिसकाया जा सकता",
    "reason_card_not_in_play": "यह पत्ता खेल के स्तंभों में नहीं है",
    "reason_reserve_dealt": "बचे हुए पत्ते पहले ही बाँटे जा चुके हैं",
    "reason_not_a_move": "यह इस खेल की चाल नहीं है",
    "reason_notation_too_long": "यह किसी चाल के लिए बहुत लंबा है",
    "reason_not_a_card": "यह किसी पत्ते का नाम नहीं है",
    "reason_no_such_column": "इस संख्या का कोई स्तंभ नहीं है",
    "reason_no_such_foundation": "इस संख्या का कोई आधार ढेर नहीं है",
    "reason_no_such_pile": "इस नाम का कोई ढेर नहीं है",
    "reason_waste_not_a_target": "फेंके गए पत्तों के ढेर पर कोई पत्ता नहीं रखा जा सकता",
    "reason_invalid_code": "यह किसी खेल, प्रकार और बँटवारे का नाम नहीं है",
    "reason_code_form": "खेल का कोड PPP-V-XXXXXXX के रूप में होता है, जैसे GO1-E-AAAAAAF",
    "reason_code_too_long": "यह खेल के कोड के लिए बहुत लंबा है",
    "reason_unknown_code_prefix": "खेल का कोड किसी खेल के उपसर्ग से शुरू होता है: GO1, FT1 या SC1",
    "reason_unknown_variant_letter": (
        "खेल के कोड का दूसरा भाग उसके खेल के प्रकार का अक्षर होता है (GO1: E या C, FT1: N, SC1: C या F)"
    ),
    "reason_deal_part_length": "खेल के कोड के बँटवारे वाले भाग में 7 अक्षर होते हैं",
    "reason_not_a_code_character": (
        "खेल के कोड के बँटवारे वाले भाग में केवल A-Z अक्षर और 2-7 अंक होते हैं"
    ),
    "reason_deal_number_out_of_range": "बँटवारे की संख्या 0 से 2**35 - 1 तक की पूर्ण संख्या होती है",
    "reason_unknown_game": "इस नाम का कोई खेल नहीं है",
    "reason_not_a_variant": "यह इस खेल का कोई नियम-प्रकार नहीं है",
}
